/**
 * Drives fuzz frames through the gateway's real message handler in-process (a real Session, Channels, ReqLane and
 * Hub; only the socket is a fake that decodes and checks every reply), shared by the fuzz test and `npm run bench --
 * fuzz`. A throw escapes to the caller: the handler must answer every frame itself.
 */
import { gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import { DEFAULT_LIMITS } from '../../server/market/gateway/budget'
import { Channels } from '../../server/market/gateway/channels'
import { type HandlerContext, handleFrame } from '../../server/market/gateway/handler'
import { ReqLane } from '../../server/market/gateway/req-lane'
import { Session, type SessionSocket } from '../../server/market/gateway/session'
import type { Hub } from '../../server/market/hub/hub'
import { type FuzzFrame, frameArbitrary } from './market-fuzz'

/** What the fuzz saw. `bad` lists replies that broke the protocol's shapes (should stay empty). */
export interface FuzzTally {
  frames: number
  replies: number
  errors: number
  ok: number
  tooMany: number
  bad: string[]
}

/** A socket that keeps nothing: each reply is gunzipped, parsed and checked against the documented shapes. */
export class CheckingSocket implements SessionSocket {
  readyState = 1
  constructor(private readonly tally: FuzzTally) {}
  send(data: Buffer, cb?: (err?: Error) => void): void {
    this.tally.replies++
    checkReply(JSON.parse(gunzipSync(data).toString('utf8')) as unknown, this.tally)
    cb?.()
  }
  terminate(): void {
    this.readyState = 3
  }
}

function checkReply(m: unknown, t: FuzzTally): void {
  const bad = (why: string) => t.bad.length < 20 && t.bad.push(`${why}: ${JSON.stringify(m).slice(0, 200)}`)
  if (typeof m !== 'object' || m === null) return void bad('not an object')
  const r = m as Record<string, unknown>
  if ('pong' in r) return void (typeof r.pong === 'number' || bad('pong not a number'))
  const idOk = r.id === undefined || typeof r.id === 'number' || (typeof r.id === 'string' && r.id.length <= 128)
  if (!idOk) bad('id echoed unbounded')
  if (r.status === 'error') {
    t.errors++
    if (r['err-msg'] === '429 too many request') t.tooMany++
    if (r['err-code'] !== 'bad-request' || typeof r['err-msg'] !== 'string' || r['err-msg'].length > 200)
      bad('error shape')
  } else if (r.status === 'ok') {
    t.ok++
    if (!('subbed' in r || 'unsubbed' in r || 'rep' in r)) bad('ok without subbed/unsubbed/rep')
  } else bad('no status')
}

export function newTally(): FuzzTally {
  return { frames: 0, replies: 0, errors: 0, ok: 0, tooMany: 0, bad: [] }
}

/** A handler context over `hub` with the gateway's real parts. */
export function fuzzContext(hub: Hub): HandlerContext {
  const channels = new Channels()
  hub.attach(channels)
  return { channels, feed: hub, lane: new ReqLane() }
}

export function fuzzSession(ctx: HandlerContext, tally: FuzzTally): Session {
  return new Session(new CheckingSocket(tally), { maxHeldBytes: 8 * 1024 * 1024, limits: DEFAULT_LIMITS })
}

/**
 * Sends `runs` × `perRun` generated frames: three runs in four on a fresh session (a new connection), every fourth on
 * one long-lived session whose budgets run out (429 replies, topic cap). Each run waits for its `req` answers.
 * Deterministic for a given `seed`.
 */
export async function fuzzHandler(
  ctx: HandlerContext,
  seeds: string[],
  opts: { runs: number; perRun: number; seed: number; tally: FuzzTally },
): Promise<void> {
  const frames = fc.array(frameArbitrary(seeds), { minLength: opts.perRun, maxLength: opts.perRun })
  const longLived = fuzzSession(ctx, opts.tally)
  let run = 0
  await fc.assert(
    fc.asyncProperty(frames, async (batch: FuzzFrame[]) => {
      const session = run++ % 4 === 3 ? longLived : fuzzSession(ctx, opts.tally)
      for (const f of batch) {
        opts.tally.frames++
        handleFrame(ctx, session, typeof f.data === 'string' ? Buffer.from(f.data) : f.data, f.binary)
      }
      await session.reqsSettled()
      if (session === longLived) return
      ctx.channels.removeSession(session)
      session.dispose()
    }),
    { numRuns: opts.runs, seed: opts.seed, endOnFailure: true },
  )
}
