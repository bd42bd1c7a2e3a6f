/**
 * The server's data folder holds the embedded database, identity-document photos and the operator socket: only the
 * server's OS user may enter it (mode 0700), whatever the umask, and an existing folder left open to group or others
 * is closed down at start.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs'

/** Owner-only directory mode. */
export const PRIVATE_DIR_MODE = 0o700

/**
 * Creates `dir` (and missing parents, which get the same mode) as 0700, or narrows an existing `dir` to 0700 when
 * group or others had any access.
 * @throws the fs error when the folder cannot be made or changed (e.g. owned by another user)
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  // mkdir's mode is filtered by the umask and ignored for a folder that already existed: set it explicitly.
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, PRIVATE_DIR_MODE)
}
