/**
 * Orphaned upload files: saveUpload writes the file before its row (the row must name a file that exists), so a crash
 * or a lost database connection between the two leaves a photo of an identity document that no row points to, no
 * owner can see and no deletion would ever reach. The sweep removes such files once they are older than any upload
 * still in flight, and runs at every start.
 */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import { removeUpload, uploadsDir } from './store'

/** A file younger than this may still be getting its row (an upload in progress), ms. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000

const STORAGE_NAME = /^[0-9a-f]{32}\.(jpg|png)$/
const BATCH = 500

/**
 * Removes the files in `<dataDir>/uploads` that no `uploads` row names and that are older than `graceMs`.
 * Files the server did not name (other patterns) are left alone.
 * @returns the names removed
 */
export async function sweepOrphanUploads(
  db: Db,
  dataDir: string,
  now = Date.now(),
  graceMs = ORPHAN_GRACE_MS,
): Promise<string[]> {
  let names: string[]
  try {
    names = (await readdir(uploadsDir(dataDir))).filter((n) => STORAGE_NAME.test(n))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const removed: string[] = []
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH)
    const rows = await db.select({ name: uploads.storageName }).from(uploads).where(inArray(uploads.storageName, batch))
    const known = new Set(rows.map((r) => r.name))
    for (const name of batch) {
      if (known.has(name)) continue
      const info = await stat(join(uploadsDir(dataDir), name)).catch(() => undefined)
      if (!info || now - info.mtimeMs < graceMs) continue
      await removeUpload(dataDir, name)
      removed.push(name)
    }
  }
  return removed
}
