// `npm start`'s entry, plain JavaScript so plain node runs it. It compiles the server (server/ and common/, from
// server/cli/start.ts) into one esbuild bundle under server/.bundle/ when the bundle is missing or older than its
// sources, then imports it. Why not tsx, as `npm run dev` does: tsx's loader costs ~35 MB of RSS and ~0.4 s of start
// on this machine (issue 9: start ≤ 3 s, idle RSS ≤ 150 MB). The bundle sits two folders below the repository root,
// like every server/<area>/ module, so the paths the server builds from import.meta.url stay the same in it.
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { newestMtime } from './newest-mtime.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bundleDir = join(root, 'server', '.bundle')
const entry = join(bundleDir, 'start.js')
/** What goes into the bundle: a change to any of them recompiles it. */
const inputs = ['server', 'common', 'package-lock.json', 'tsconfig.json']

/** Builds into a private folder and swaps it in, so concurrent starts never import a half-written bundle. */
async function compile() {
  const { build } = await import('esbuild')
  const staging = `${bundleDir}-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  await build({
    entryPoints: { start: join(root, 'server', 'cli', 'start.ts') },
    outdir: staging,
    bundle: true,
    // Dynamic imports (PostgreSQL driver, seed texts, password dictionary) stay lazy as their own chunks.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  if (isFresh()) {
    // Another start finished first: keep its bundle, which may be running already.
    rmSync(staging, { recursive: true, force: true })
    return
  }
  rmSync(bundleDir, { recursive: true, force: true })
  try {
    renameSync(staging, bundleDir)
  } catch {
    // Another start swapped its identical bundle in first.
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Whether the bundle exists and is newer than every input. */
function isFresh() {
  const built = newestMtime(entry)
  return built > 0 && inputs.every((input) => newestMtime(join(root, input)) <= built)
}

if (!isFresh()) {
  console.log('Compiling the server: server/.bundle/')
  await compile()
}
// `--build-only`: compile and stop (deployments build as the code's owner, then run read-only: deploy/README.md).
if (!process.argv.includes('--build-only')) await import(pathToFileURL(entry).href)
