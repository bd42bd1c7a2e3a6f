/**
 * Decides whether the built PWA is older than its sources, so `npm start` rebuilds only when something that goes into
 * the build changed. The build's last step writes dist/.build-complete (vite.config.ts), so a build that was
 * interrupted half-way (index.html written, precompressed copies not) is rebuilt rather than served.
 */
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.js'

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

/** File the last step of `vite build` writes into dist/ once every output is on disk (dot-file: never served). */
export const BUILD_STAMP = '.build-complete'

/** Why a build is needed (`undefined` = dist is up to date). */
export function buildReason(root: string): string | undefined {
  const built = newestMtime(join(root, 'dist', BUILD_STAMP))
  if (built === 0) return 'no finished build in dist/'
  const stale = BUILD_INPUTS.find((input) => newestMtime(join(root, input)) > built)
  return stale ? `${stale} changed since the last build` : undefined
}
