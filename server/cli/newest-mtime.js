// Newest modification time under a path, shared by `npm start`'s launcher (plain JavaScript, run before any
// TypeScript can be) and the PWA build-freshness check. Types: newest-mtime.d.ts.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time (ms) of any file under `path`, skipping node_modules and dot-entries; 0 if missing. */
export function newestMtime(path) {
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
