/**
 * Builds the engine bench pages (decode.html, feed.html and their workers, the real src-worker code) with Vite into
 * .tmp/bench-engine/ and serves them on a free loopback port, for the Chromium halves of engine-decode.ts and
 * feed-blaster.ts.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const ROOT = fileURLToPath(new URL('./', import.meta.url))
const OUT = fileURLToPath(new URL('../../../.tmp/bench-engine/', import.meta.url))
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

export interface EnginePages {
  /** Base URL, e.g. `http://127.0.0.1:41234/`; pages are `decode.html` and `feed.html`. */
  url: string
  close(): void
}

export async function buildEnginePages(): Promise<EnginePages> {
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    base: './',
    worker: { format: 'es' },
    build: {
      outDir: OUT,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: { decode: join(ROOT, 'decode.html'), feed: join(ROOT, 'feed.html') } },
    },
  })
  const server: Server = createServer((req, res) => {
    const path = normalize(join(OUT, new URL(req.url ?? '/', 'http://x').pathname))
    if (!path.startsWith(OUT) || !existsSync(path)) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' })
    res.end(readFileSync(path))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}
