/**
 * The client side of gateway-fanout.ts, in its own process so that 500 sockets' reads do not share the event loop
 * of the server being measured. Holds named fleets of `ws` clients.
 *
 * IPC from the parent:
 * - `{ fleet, url, clients, subscribe }`: opens the fleet (each client subscribes to `subscribe` when given);
 *   answers `{ fleet, ready: true }` once every socket is open.
 * - `{ fleet, id, frames }`: answers `{ id, done: true }` as soon as every client of the fleet has received `frames`
 *   frames in all since it was ready (a cumulative count, so frames racing ahead of the request are not missed).
 * - `{ close: true }`: terminates every socket and exits.
 */
import { WebSocket } from 'ws'

interface Fleet {
  received: number[]
  /** Frames each client had when the fleet was ready (sub acks). */
  base: number[]
  sockets: WebSocket[]
  wait?: { want: number[]; id: number }
}

const fleets = new Map<string, Fleet>()

function check(f: Fleet): void {
  const w = f.wait
  if (!w) return
  for (let i = 0; i < f.received.length; i++) if (f.received[i]! < w.want[i]!) return
  f.wait = undefined
  process.send?.({ id: w.id, done: true })
}

async function open(name: string, url: string, clients: number, subscribe: string | undefined): Promise<void> {
  const f: Fleet = { received: new Array<number>(clients).fill(0), base: [], sockets: [] }
  fleets.set(name, f)
  f.sockets = await Promise.all(
    Array.from(
      { length: clients },
      (_, i) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url)
          ws.on('message', () => {
            f.received[i]!++
            check(f)
          })
          ws.once('error', reject)
          ws.once('open', () => {
            if (subscribe) ws.send(JSON.stringify({ sub: subscribe, id: 'b' }))
            resolve(ws)
          })
        }),
    ),
  )
  if (subscribe) {
    // Wait for every sub ack so it is not counted as a pushed frame later.
    await new Promise<void>((resolve) => {
      const poll = () => (f.received.every((r) => r >= 1) ? resolve() : setTimeout(poll, 10))
      poll()
    })
  }
  f.base = [...f.received]
  process.send?.({ fleet: name, ready: true })
}

process.on(
  'message',
  (m: {
    fleet?: string
    url?: string
    clients?: number
    subscribe?: string
    id?: number
    frames?: number
    close?: boolean
  }) => {
    if (m.close) {
      for (const f of fleets.values()) for (const s of f.sockets) s.terminate()
      process.exit(0)
    }
    if (m.fleet === undefined) return
    if (m.url !== undefined) return void open(m.fleet, m.url, m.clients ?? 1, m.subscribe)
    const f = fleets.get(m.fleet)
    if (!f || m.id === undefined) return
    f.wait = { id: m.id, want: f.base.map((b) => b + (m.frames ?? 0)) }
    check(f)
  },
)
process.on('disconnect', () => process.exit(0))
