/**
 * Where upload files live: `<DATA_DIR>/uploads/<32 hex>.jpg`, outside the web root (the static site serves only the
 * built PWA), named by the server from 128 random bits so no part of a user's filename ever reaches the disk
 * (ASVS 5.3.2). Folder 0700 and files 0600: only the server's OS user reads them.
 */
import { randomBytes } from 'node:crypto'
import { readFile, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ensurePrivateDir } from './data-dir'

/** The uploads folder of a data dir. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads')
}

/** A fresh server-made file name (`<32 hex>.jpg`). */
export function newStorageName(): string {
  return `${randomBytes(16).toString('hex')}.jpg`
}

const STORAGE_NAME = /^[0-9a-f]{32}\.(jpg|png)$/

/**
 * Absolute path of a stored file.
 * @throws Error when `storageName` is not a server-made name (defence in depth: a row can never point elsewhere).
 */
export function uploadPath(dataDir: string, storageName: string): string {
  if (!STORAGE_NAME.test(storageName)) throw new Error(`not a storage name: ${JSON.stringify(storageName)}`)
  return join(uploadsDir(dataDir), storageName)
}

/** Writes a new file (never overwrites one); the uploads folder is made 0700 (with DATA_DIR, see data-dir.ts). */
export async function writeUpload(dataDir: string, storageName: string, data: Buffer): Promise<void> {
  ensurePrivateDir(uploadsDir(dataDir))
  await writeFile(uploadPath(dataDir, storageName), data, { flag: 'wx', mode: 0o600 })
}

/** Reads a stored file; undefined when it is gone. */
export async function readUpload(dataDir: string, storageName: string): Promise<Buffer | undefined> {
  try {
    return await readFile(uploadPath(dataDir, storageName))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw err
  }
}

/** Removes a stored file; a missing one is fine. */
export async function removeUpload(dataDir: string, storageName: string): Promise<void> {
  await unlink(uploadPath(dataDir, storageName)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err
  })
}
