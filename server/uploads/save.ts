/** Storing a cleaned image for a user, and looking uploads up on behalf of their owner. */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import type { CleanImage } from './image'
import { newStorageName, removeUpload, writeUpload } from './store'

export type UploadRow = typeof uploads.$inferSelect

/**
 * Writes the file, then its row (a row never names a missing file); a failed insert removes the file again, and a
 * crash between the two leaves an orphan that sweepOrphanUploads removes at the next start. Returns the new upload id.
 */
export async function saveUpload(db: Db, dataDir: string, userId: number, image: CleanImage): Promise<number> {
  const storageName = newStorageName()
  await writeUpload(dataDir, storageName, image.data)
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        userId,
        storageName,
        mime: image.mime,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
      })
      .returning({ id: uploads.id })
    if (!row) throw new Error('upload insert returned no row')
    return row.id
  } catch (err) {
    await removeUpload(dataDir, storageName)
    throw err
  }
}

/** The uploads among `ids` that belong to `userId` (others' and unknown ids are simply absent). */
export async function ownUploads(db: Db, userId: number, ids: readonly number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.id, [...ids])))
}

/** One upload by id, any owner (the image handler checks who may see it). */
export async function uploadById(db: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id))
  return row
}
