/**
 * A pid lock file for the embedded database: PGlite is single-process, and a second process (say `npm run admin`
 * while the server runs) opening the same files could corrupt them. A lock whose process is gone is taken over.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'

/**
 * Locks this process holds. A lock file naming our own pid but not in here was left by an earlier process that had
 * the same pid (a restarted container's pid 1), so it is stale.
 */
const held = new Set<string>()

/**
 * Takes the lock at `path` for this process; returns the release function.
 * @throws Error naming the holder's pid and `what` when a live process holds it.
 */
export function acquireDirLock(path: string, what: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      held.add(path)
      return () => {
        held.delete(path)
        rmSync(path, { force: true })
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = Number(readFileSync(path, 'utf8').trim())
      if (holder === process.pid ? held.has(path) : isAlive(holder)) {
        throw new Error(
          `${what} is in use by process ${holder} (PGlite allows one process): stop it first, or set DATABASE_URL`,
          { cause: err },
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error(`could not lock ${path}`)
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
