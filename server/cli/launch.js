// `npm start`'s entry, plain JavaScript so plain node runs it. It compiles the server (server/ and common/, from
// server/cli/start.ts) into one esbuild bundle under server/.bundle/ when the bundle is missing or older than its
// sources, then imports it. Why not tsx, as `npm run dev` does: tsx's loader costs ~35 MB of RSS and ~0.4 s of start
// on this machine (issue 9: start ≤ 3 s, idle RSS ≤ 150 MB). The bundle sits two folders below the repository root,
// like every server/<area>/ module, so the paths the server builds from import.meta.url stay the same in it.
//
// What it runs is its first argument: none = `npm start` (server/cli/start.ts); `--build-only` compiles and stops
// (deployments build as the code's owner, then run read-only: deploy/README.md); `--cluster` = `npm run cluster`
// (server/cli/cluster.ts, the rest of the arguments are its flags); `--cluster-child` = one role process the cluster
// started (server/cli/role-process.ts) on the bundle the cluster just compiled, so no freshness check: a child never
// compiles, nor swaps the bundle under its siblings.
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { newestMtime } from './newest-mtime.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const bundleDir = join(root, 'server', '.bundle')
/** The bundle's entry points: name → source. */
const entries = {
  start: join(root, 'server', 'cli', 'start.ts'),
  cluster: join(root, 'server', 'cli', 'cluster.ts'),
  role: join(root, 'server', 'cli', 'role-process.ts'),
}
const entryFile = (name) => join(bundleDir, `${name}.js`)
/** What goes into the bundle: a change to any of them recompiles it. */
const inputs = ['server', 'common', 'package-lock.json', 'tsconfig.json']

/** Builds into a private folder and swaps it in, so concurrent starts never import a half-written bundle. */
async function compile() {
  const { build } = await import('esbuild')
  const staging = `${bundleDir}-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  await build({
    entryPoints: entries,
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

/** Whether every entry of the bundle exists and the oldest is newer than every input. */
function isFresh() {
  const built = Math.min(...Object.keys(entries).map((name) => newestMtime(entryFile(name))))
  return built > 0 && inputs.every((input) => newestMtime(join(root, input)) <= built)
}

const mode = process.argv[2]
if (mode !== '--cluster-child' && !isFresh()) {
  console.log('Compiling the server: server/.bundle/')
  await compile()
}
const run = { '--build-only': undefined, '--cluster': 'cluster', '--cluster-child': 'role' }
const name = mode !== undefined && Object.hasOwn(run, mode) ? run[mode] : 'start'
if (name) await import(pathToFileURL(entryFile(name)).href)
