/// <reference types="vitest/config" />
// Build of the PWA (src + src-worker) and the unit-test runner. Plugin order matters: router first, PWA last
// (../shared/docs/toolchain.md). The web manifest is the customer's top-level manifest.webmanifest, read here so
// there is one copy of it.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { build as esbuild } from 'esbuild'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui } from '@lingui/vite-plugin'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { compression } from 'vite-plugin-compression2'
import { HeavyFirstSequencer } from './tests/helpers/heavy-first.ts'
import { testFilesByIsolation } from './tests/helpers/isolation.ts'

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>
const apiPort = Number(process.env.PORT ?? 8080)

/** vitest's files, split by tests/helpers/isolation.ts into those sharing a worker and those with a process each. */
const TEST_FILES = testFilesByIsolation(fileURLToPath(new URL('.', import.meta.url)))

/**
 * Fewer, larger chunks on the critical path (issue 9 part 1). Left alone, the router's per-route splitting and the
 * bundler's common chunks put ~30 small files (most < 1 KB) between a cold start and the first price. Two groups:
 * - `app`: everything the entry needs before its first dynamic import (React, the router, the API client, state),
 *   one file beside the entry;
 * - `tabs`: the five tab screens, their layout and the small modules they share (market rows, formatting, tabs,
 *   pull-to-refresh), one file, so opening Home also readies Market, Micro, Lever and Assets.
 * Everything else (K-line with its chart library, forms, markdown, account pages) keeps the router's per-route
 * chunks, so nothing heavy rides along on the way to /home.
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 20 },
  {
    name: 'tabs',
    test: /[\\/]src[\\/]routes[\\/](_tabs[\\/.]|-components[\\/])/,
    priority: 10,
  },
]

/**
 * Starts the downloads of the critical path that the entry would only ask for once it has run (~1.5 s of script on a
 * 4×-slowed phone, issue 9): the market worker's script (fetched again by `new Worker`, then from the HTTP cache: the
 * file is immutable) and the tab screens' chunk (/ and /home are where the app opens). Read from the bundle, so the
 * hashed names are the built ones. The catalog depends on the user's language, so it is not preloaded here: a JSON
 * data block (id "catalog-urls", not a script, so the CSP is untouched) maps each locale to its chunk, and
 * src/early.ts preloads the one the page starts in.
 */
function preloadCriticalPath(): Plugin {
  return {
    name: 'tc-preload-critical-path',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {})
        const code = files.map((f) => (f.type === 'chunk' ? f.code : '')).join('\n')
        const worker = /new Worker\(new URL\(["'`]\/?([^"'`]+)["'`]/.exec(code)?.[1]
        const tabs = files.find((f) => f.type === 'chunk' && f.name === 'tabs')?.fileName
        const catalogs: Record<string, string> = {}
        for (const f of files) {
          const locale = f.type === 'chunk' ? /locales\/([^/]+)\/messages\.po/.exec(f.facadeModuleId ?? '') : null
          if (locale?.[1]) catalogs[locale[1]] = `/${f.fileName}`
        }
        const links = [worker, tabs]
          .filter((f): f is string => Boolean(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f.replace(/^\//, '')}` },
            injectTo: 'head' as const,
          }))
        const catalogMap = {
          tag: 'script',
          // CATALOG_URLS_ID in src/i18n/catalog-preload.ts
          attrs: { type: 'application/json', id: 'catalog-urls' },
          children: JSON.stringify(catalogs),
          injectTo: 'head' as const,
        }
        return [...links, catalogMap]
      },
    },
  }
}

/**
 * Takes vite-plugin-pwa's `<link rel="manifest">` out of the built index.html: the app adds it once its first screen
 * is up (src/pwa/manifest-link.ts), so the manifest and its icon do not share a slow network with the critical path.
 * `enforce: 'post'` and placed after VitePWA: its own post hook writes the link.
 */
function manifestLinkAfterFirstScreen(): Plugin {
  return {
    name: 'tc-manifest-link-after-first-screen',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, '') },
  }
}

/** Entry of the early script (starts the first screen's calls and its catalog; src/api/early-calls.ts). */
const EARLY_ENTRY = 'src/early.ts'

/**
 * The early script as a file of its own (issue 9: LCP and first price). Every module script of index.html joins the
 * app's one module graph, which runs only once all of it has downloaded, so the first calls would still wait for the
 * whole bundle. Built here with esbuild into one module with no imports, it downloads beside the bundle and runs as
 * soon as it arrives (`async`). On the dev server it stays an ordinary module script.
 */
function earlyScript(): Plugin {
  let building = false
  return {
    name: 'tc-early-script',
    configResolved: (config) => void (building = config.command === 'build' && !config.build.ssr),
    async buildStart() {
      if (!building) return
      const out = await esbuild({
        entryPoints: [EARLY_ENTRY],
        bundle: true,
        format: 'esm',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'silent',
      })
      this.emitFile({ type: 'asset', name: 'early.js', source: out.outputFiles[0]!.text })
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const built = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.names.includes('early.js'))
        // The dev server has no bundle: the module as it is.
        const src = built ? `/${built.fileName}` : `/${EARLY_ENTRY}`
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head' }]
      },
    },
  }
}

/**
 * The stamp `npm start` looks for (BUILD_STAMP in server/cli/build-freshness.ts; tests/server/cli-start.test.ts keeps
 * the two equal). Not imported: Vite's native config loader cannot import a TypeScript file without its extension.
 */
const BUILD_STAMP = '.build-complete'

/** Text files worth compressing (html, js, css, json, svg, the web manifest); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/

/**
 * sw.js is built by vite-plugin-pwa in its own (sequential) closeBundle (from src/sw.ts), after the compression plugin
 * has seen the bundle: this step, placed after the PWA plugin, writes its .br/.gz at the same settings
 * (brotli quality 11, gzip level 9) and any other top-level text file still without them, then the build stamp.
 */
function precompressLeftovers(): Plugin {
  let outDir = 'dist'
  // Rolldown runs closeBundle after a failed build too, without its error (vite-plugin-pwa then still rewrites sw.js
  // over what is left in dist/): the stamp goes when a build starts and comes back only when one succeeds, so the next
  // `npm start` rebuilds after a failure instead of serving that.
  let failed = false
  return {
    name: 'tc-precompress-leftovers',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    async buildStart() {
      failed = false
      await rm(join(outDir, BUILD_STAMP), { force: true })
    },
    buildEnd: (error) => void (failed ||= Boolean(error)),
    renderError: () => void (failed = true),
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler(error) {
        if (failed || error) return
        const names = await readdir(outDir)
        for (const name of names.filter((n) => COMPRESSIBLE.test(n) && !names.includes(`${n}.br`))) {
          const body = await readFile(join(outDir, name))
          const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
          const gz = gzipSync(body, { level: 9 })
          if (br.length < body.length) await writeFile(join(outDir, `${name}.br`), br)
          if (gz.length < body.length) await writeFile(join(outDir, `${name}.gz`), gz)
        }
        // The build's last write: `npm start` treats a dist/ without it as unfinished (server/cli/build-freshness.ts).
        await writeFile(join(outDir, BUILD_STAMP), `${new Date().toISOString()}\n`)
      },
    },
  }
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'coins/*.svg'],
      // The worker is our own source (src/sw.ts: the app-shell precache, the offline navigation fallback, the public
      // /api/ cache, the SKIP_WAITING update handshake and Web Push), built by the plugin into dist/sw.js with the
      // build's precache manifest injected at `self.__WB_MANIFEST`.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectManifest: { globPatterns: ['**/*.{js,css,html,wasm}'] },
    }),
    manifestLinkAfterFirstScreen(),
    preloadCriticalPath(),
    earlyScript(),
    // Every text asset also as .br and .gz beside it, served by @fastify/static `preCompressed` (issue 9 part 1).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: COMPRESSIBLE, logLevel: 'silent' }),
    // sw.js is written by the PWA plugin after the bundle: compressed in a step of their own.
    precompressLeftovers(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    // Every browser of the es2022 target but Safari < 17 knows modulepreload; there a preload is only lost, not the
    // module, so the polyfill's bytes in the entry are not worth it (issue 9: bytes to the first price).
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // vitest's default is one worker per core less one: a single worker here. The server suites wait on PostgreSQL,
    // child processes and sockets much of the time, so two workers on this 2-core machine measured 424 s against
    // 669 s for one, all green.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The long files first (tests/helpers/heavy-first.ts): the run ends when its longest worker does.
    sequence: { sequencer: HeavyFirstSequencer },
    // Most files share their worker's modules (`isolate: false`); those that change the process for the files after
    // them get one each (tests/helpers/isolation.ts says which, and why).
    projects: [
      { extends: true, test: { name: 'shared', include: TEST_FILES.shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: TEST_FILES.isolated } },
    ],
  },
})
