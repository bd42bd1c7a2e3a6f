/**
 * The client side of `npm run bench -- cluster` (cluster.ts), in a process of its own (house rule: a load generator
 * never shares an event loop with what it measures). Served through child-rpc.ts:
 *
 * - `openUsers`: signed-in users on a gateway's user stream `/ws/v2`, each subscribed to `accounts.update`, and a
 *   LISTEN on the outbox's NOTIFY channel (USER_EVENTS_CHANNEL, payload the user id), which PostgreSQL delivers at
 *   each emitting transaction's commit. Every transaction of the bench writes `perCommit` events of one user, and a
 *   user's events are numbered in commit order (server/stream/events.ts), so the k-th NOTIFY of a user after its `sub`
 *   is the commit of its events (k − 1)·perCommit + 1 … k·perCommit after the `sub` answer's seq: each push is matched
 *   to its own commit. Both times are this process's `performance.now()`.
 *   `userLatencies` waits for the pushes and answers commit → receipt of each, ms.
 * - `openMarket` / `subscribe` / `countPushes`: fleets of market-websocket clients (HTX protocol, gzip frames). A
 *   client inflates nothing: the gateway sends its small control frames (pings, acks; ≤ STORED_MAX_CHARS) as gzip
 *   with one stored block, read as text here, and every other frame is a push (tickers and books are longer), so
 *   counting costs the load generator as little as possible.
 */
import pg from 'pg'
import WebSocket from 'ws'
import { USER_EVENTS_CHANNEL } from '../../server/stream/events'
import { serveRpc } from './child-rpc'

/** Sockets opened at once while a fleet connects. */
const CONNECT_BATCH = 200

/** Opens `count` sockets to `url`, CONNECT_BATCH at a time, each set up by `setup` before it opens. */
async function connectAll(url: string, count: number, setup: (ws: WebSocket, i: number) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = []
  for (let from = 0; from < count; from += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - from) }, (_, j) => {
      const ws = new WebSocket(url, { perMessageDeflate: false })
      setup(ws, from + j)
      return new Promise<WebSocket>((resolve, reject) => {
        ws.once('open', () => resolve(ws))
        ws.once('error', reject)
      })
    })
    sockets.push(...(await Promise.all(batch)))
  }
  return sockets
}

/** Resolves once `done()` is true (checked every 20 ms); rejects after `timeoutMs` naming `what`. */
async function until(done: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out: ${what()}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

// ---- the user stream ----

interface UserSide {
  sockets: WebSocket[]
  listener: pg.Client
  /** Events each transaction of the bench writes (all of one user). */
  perCommit: number
  /** Per user: the seq its `sub` answered (events after it are the bench's). */
  base: Map<number, number>
  /** Per user: commit times (NOTIFY heard) in order. */
  commits: Map<number, number[]>
  /** Pushes heard before their commit's NOTIFY: `user:k` (its k-th commit) → receipt times. */
  early: Map<string, number[]>
  latencies: number[]
  received: number
  notified: number
  closed: number
}

let userSide: UserSide | undefined

function matchPush(s: UserSide, userId: number, seq: number, at: number): void {
  const k = Math.ceil((seq - (s.base.get(userId) ?? 0)) / s.perCommit)
  const commit = s.commits.get(userId)?.[k - 1]
  if (commit !== undefined) return void s.latencies.push(at - commit)
  const key = `${userId}:${k}`
  s.early.set(key, [...(s.early.get(key) ?? []), at])
}

async function openUsers(args: {
  url: string
  databaseUrl: string
  perCommit: number
  users: { id: number; token: string }[]
}) {
  const listener = new pg.Client({ connectionString: args.databaseUrl })
  await listener.connect()
  const s: UserSide = {
    sockets: [],
    listener,
    perCommit: args.perCommit,
    base: new Map(),
    commits: new Map(),
    early: new Map(),
    latencies: [],
    received: 0,
    notified: 0,
    closed: 0,
  }
  userSide = s
  listener.on('notification', (note) => {
    const at = performance.now()
    const userId = Number(note.payload)
    if (!Number.isInteger(userId)) return
    s.notified++
    const list = s.commits.get(userId) ?? []
    s.commits.set(userId, list)
    list.push(at)
    const key = `${userId}:${list.length}`
    for (const early of s.early.get(key) ?? []) s.latencies.push(early - at)
    s.early.delete(key)
  })
  await listener.query(`LISTEN ${USER_EVENTS_CHANNEL}`)
  let subscribed = 0
  const problems: string[] = []
  s.sockets = await connectAll(args.url, args.users.length, (ws, i) => {
    const user = args.users[i]!
    ws.on('open', () =>
      ws.send(JSON.stringify({ action: 'req', ch: 'auth', params: { authType: 'token', token: user.token } })),
    )
    ws.on('close', () => s.closed++)
    ws.on('message', (data: Buffer) => {
      const at = performance.now()
      const m = JSON.parse(data.toString()) as {
        action: string
        ch?: string
        code?: number
        data?: { seq?: number; ts?: number }
      }
      if (m.action === 'push') {
        s.received++
        return matchPush(s, user.id, m.data!.seq!, at)
      }
      if (m.action === 'ping') return ws.send(JSON.stringify({ action: 'pong', data: { ts: m.data?.ts } }))
      if (m.action === 'req' && m.ch === 'auth') {
        if (m.code !== 200) return void problems.push(`auth of user ${user.id}: ${JSON.stringify(m)}`)
        return ws.send(JSON.stringify({ action: 'sub', ch: 'accounts.update' }))
      }
      if (m.action === 'sub') {
        if (m.code !== 200) return void problems.push(`sub of user ${user.id}: ${JSON.stringify(m)}`)
        s.base.set(user.id, m.data?.seq ?? 0)
        subscribed++
      }
    })
  })
  await until(
    () => subscribed === args.users.length || problems.length > 0,
    60_000,
    () => `${subscribed} of ${args.users.length} users subscribed`,
  )
  if (problems.length > 0) throw new Error(problems.slice(0, 3).join('; '))
  return { subscribed }
}

async function userLatencies(args: { expect: number; timeoutMs: number }) {
  const s = userSide!
  await until(
    () => s.latencies.length >= args.expect,
    args.timeoutMs,
    () => '',
  ).catch(() => undefined)
  return { latencies: s.latencies, received: s.received, notified: s.notified, closed: s.closed }
}

async function closeUsers() {
  const s = userSide
  userSide = undefined
  if (!s) return
  for (const ws of s.sockets) ws.terminate()
  await s.listener.end()
}

// ---- market fleets ----

interface Fleet {
  sockets: WebSocket[]
  pushes: number
  acks: number
  errors: string[]
  closed: number
}

const fleets = new Map<string, Fleet>()

/** A gzip frame with one stored deflate block (what the gateway sends for short JSON): its text, else undefined. */
function storedText(frame: Buffer): string | undefined {
  if (frame.length < 23 || frame[0] !== 0x1f || frame[1] !== 0x8b || frame[10] !== 0x01) return undefined
  return frame.toString('utf8', 15, frame.length - 8)
}

async function openMarket(args: { fleet: string; url: string; clients: number }) {
  const f: Fleet = { sockets: [], pushes: 0, acks: 0, errors: [], closed: 0 }
  fleets.set(args.fleet, f)
  f.sockets = await connectAll(args.url, args.clients, (ws) => {
    ws.on('close', () => f.closed++)
    ws.on('message', (frame: Buffer) => {
      const text = storedText(frame)
      if (text === undefined) return void f.pushes++
      const m = JSON.parse(text) as { ping?: number; status?: string; ch?: string; 'err-msg'?: string }
      if (m.ping !== undefined) ws.send(`{"pong":${m.ping}}`)
      else if (m.status === 'ok') f.acks++
      else if (m.status === 'error') f.errors.push(m['err-msg'] ?? text)
      else if (m.ch !== undefined) f.pushes++
    })
  })
  return { open: f.sockets.length }
}

/** Subscribes (or with `off`, unsubscribes) every client of `fleet` to `topics`; resolves once all are acked. */
async function subscribe(args: { fleet: string; topics: string[]; off?: boolean }) {
  const f = fleets.get(args.fleet)!
  const want = f.acks + f.sockets.length * args.topics.length
  const verb = args.off ? 'unsub' : 'sub'
  for (const ws of f.sockets) for (const t of args.topics) ws.send(JSON.stringify({ [verb]: t, id: verb }))
  await until(
    () => f.acks >= want || f.errors.length > 0,
    60_000,
    () => `${args.fleet}: ${f.acks} of ${want} ${verb} acks`,
  )
  if (f.errors.length > 0) throw new Error(`${args.fleet} ${verb}: ${f.errors.slice(0, 3).join('; ')}`)
  return { acked: f.acks }
}

/** Pushes the fleets' clients received during `ms`, and how many of their sockets were closed by then. */
async function countPushes(args: { fleets: string[]; ms: number }) {
  const list = args.fleets.map((name) => fleets.get(name)!)
  const before = list.reduce((n, f) => n + f.pushes, 0)
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, args.ms))
  const pushes = list.reduce((n, f) => n + f.pushes, 0) - before
  const seconds = (performance.now() - t0) / 1000
  return { pushes, seconds, closed: list.reduce((n, f) => n + f.closed, 0) }
}

function closeMarket() {
  for (const f of fleets.values()) for (const ws of f.sockets) ws.terminate()
  fleets.clear()
}

serveRpc({ openUsers, userLatencies, closeUsers, openMarket, subscribe, countPushes, closeMarket })
