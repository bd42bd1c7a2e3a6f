/**
 * Decides whether the built PWA is older than its sources, so `npm start` rebuilds only when something that goes into
 * the build changed. The build's last step writes dist/.build-complete (vite.config.ts), so a build that was
 * interrupted half-way (index.html written, precompressed copies not) is rebuilt rather than served.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Folders and files whose changes require a new `vite build`, relative to the repository root. */
export const BUILD_INPUTS = [
  'src',
  'src-worker',
  'common',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'lingui.config.ts',
] as const

/** Newest modification time (ms) of any file under `path`, or 0 when it does not exist. */
export function newestMtime(path: string): number {
  let stat
  try {
    stat = statSync(path)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** File the last step of `vite build` writes into dist/ once every output is on disk (dot-file: never served). */
export const BUILD_STAMP = '.build-complete'

/** Why a build is needed (`undefined` = dist is up to date). */
export function buildReason(root: string): string | undefined {
  const built = newestMtime(join(root, 'dist', BUILD_STAMP))
  if (built === 0) return 'no finished build in dist/'
  const stale = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built)
  return stale ? `${stale} changed since the last build` : undefined
}
