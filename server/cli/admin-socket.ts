/**
 * The operator channel into a running server on the embedded database. PGlite allows one process, so while the
 * server runs `npm run admin` cannot open the files itself; instead the server listens on a Unix socket
 * `<DATA_DIR>/admin.sock` (mode 0600: only the OS user who can read the database files anyway) and runs the same
 * commands for the CLI. Protocol: the client sends one JSON line `{"argv":[…]}`; the server answers JSON lines
 * `{"out":…}` / `{"err":…}` and finally `{"code":n}`, then closes.
 */
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'
import type { Db } from '../db/client'
import { runAdmin, type AdminIo } from './admin-commands'

/** Path of the socket for a data dir. */
export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'admin.sock')
}

/** Serves admin commands on `<dataDir>/admin.sock` until the returned close function is called. */
export async function startAdminSocket(
  db: Db,
  dataDir: string,
  extras: Pick<AdminIo, 'reserves' | 'chain'> = {},
): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir)
  // A socket file left by a killed server would make listen fail with EADDRINUSE; we hold the PGlite lock, so it
  // cannot belong to a live server.
  rmSync(path, { force: true })
  const server: Server = createServer((socket) => {
    let buffered = ''
    socket.setEncoding('utf8')
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: string) => {
      buffered += chunk
      const newline = buffered.indexOf('\n')
      if (newline < 0) {
        if (buffered.length > 64 * 1024) socket.destroy()
        return
      }
      const line = buffered.slice(0, newline)
      socket.removeAllListeners('data')
      void answer(db, line, (msg) => socket.write(JSON.stringify(msg) + '\n'), extras).finally(() => socket.end())
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  chmodSync(path, 0o600)
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      rmSync(path, { force: true })
    })
}

async function answer(
  db: Db,
  line: string,
  send: (msg: object) => void,
  extras: Pick<AdminIo, 'reserves' | 'chain'>,
): Promise<void> {
  let argv: unknown
  try {
    argv = (JSON.parse(line) as { argv?: unknown }).argv
  } catch {
    argv = undefined
  }
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) {
    send({ err: 'error: malformed request' })
    send({ code: 2 })
    return
  }
  const io: AdminIo = { out: (text) => send({ out: text }), err: (text) => send({ err: text }), ...extras }
  send({ code: await runAdmin(db, argv, io) })
}

/**
 * Runs `argv` in the server listening on `<dataDir>/admin.sock`. Resolves with the exit code, or undefined when no
 * server listens there (no socket file, or a stale one).
 */
export function runViaAdminSocket(dataDir: string, argv: string[], io: AdminIo): Promise<number | undefined> {
  const path = adminSocketPath(dataDir)
  if (!existsSync(path)) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let code: number | undefined
    let connected = false
    let buffered = ''
    const socket = createConnection(path, () => {
      connected = true
      socket.write(JSON.stringify({ argv }) + '\n')
    })
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffered += chunk
      let newline: number
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const msg = JSON.parse(buffered.slice(0, newline)) as { out?: string; err?: string; code?: number }
        buffered = buffered.slice(newline + 1)
        if (msg.out !== undefined) io.out(msg.out)
        if (msg.err !== undefined) io.err(msg.err)
        if (msg.code !== undefined) code = msg.code
      }
    })
    socket.on('error', () => resolve(connected ? 1 : undefined))
    socket.on('close', () => resolve(connected ? (code ?? 1) : undefined))
  })
}
