/**
 * Mark prices over NATS (issue 22 part 3): ingest computes each market's mark once (server/trading/contract/marks.ts,
 * common/trading/mark-price.ts) and publishes every new one on `tc.mark.<symbol>`; engines and API processes follow
 * them instead of computing their own, so two processes never decide on different marks. Core NATS: a mark is a
 * state, the next one replaces it, and a process that starts takes the next one (within a second of a live book).
 * Decimals travel as strings and are checked on arrival.
 */
import type { Subscription } from '@nats-io/transport-node'
import { z } from 'zod'
import { feedEventSchema } from '../../common/api/trade'
import { decimalString } from '../../common/amount'
import { markKeeper, type MarkBoard, type MarkSnapshot } from '../trading/contract/marks'
import { followLink, type NatsConnection } from './nats'
import { subjects } from './subjects'

const decimal = decimalString()

const markSchema = z.object({
  symbol: z.string(),
  price: decimal,
  mid: decimal,
  last: decimal,
  ema: decimal,
  ts: z.number(),
  event: feedEventSchema,
})

/** Options of the mark helpers. */
export interface MarkBusOptions {
  /** Namespace of the subjects (a test run's id); none by default. */
  prefix?: string
  log?: (line: string) => void
}

/** Publishes `mark` on `tc.mark.<symbol>`. @throws Error when the connection is closed */
export function publishMark(nc: NatsConnection, mark: MarkSnapshot, opts: MarkBusOptions = {}): void {
  nc.publish(subjects(opts.prefix).mark(mark.symbol), JSON.stringify(mark))
}

/**
 * Publishes every mark `board` computes from now on (ingest); returns the stop. Marks computed while NATS is down are
 * not buffered (the next mark replaces them).
 */
export function forwardMarks(
  board: Pick<MarkBoard, 'onMark'>,
  nc: NatsConnection,
  opts: MarkBusOptions = {},
): () => void {
  const link = followLink(nc)
  const unlisten = board.onMark((m) => {
    if (!link.up) return
    try {
      publishMark(nc, m, opts)
    } catch (err) {
      opts.log?.(`nats: mark ${m.symbol} not published: ${(err as Error).message}`)
    }
  })
  return () => {
    unlisten()
    link.stop()
  }
}

/**
 * Calls `listener` with every mark published from now on, of `symbol` or of all markets; a message that is not a
 * valid mark is reported to `opts.log` and dropped. Resolves, with the unsubscribe, once the server registered the
 * interest.
 */
export async function subscribeMarks(
  nc: NatsConnection,
  listener: (mark: MarkSnapshot) => void,
  opts: MarkBusOptions & { symbol?: string } = {},
): Promise<() => void> {
  const names = subjects(opts.prefix)
  const sub: Subscription = nc.subscribe(opts.symbol ? names.mark(opts.symbol) : names.allMarks, {
    callback: (err, msg) => {
      if (err) return opts.log?.(`nats: marks subscription: ${err.message}`)
      let data: unknown
      try {
        data = msg.json()
      } catch {
        data = undefined
      }
      const parsed = markSchema.safeParse(data)
      if (!parsed.success || parsed.data.symbol !== names.symbolOf(msg.subject))
        return opts.log?.(`nats: invalid mark on ${msg.subject}`)
      listener(parsed.data)
    },
  })
  await nc.flush()
  return () => sub.unsubscribe()
}

/**
 * A MarkBoard of the marks ingest publishes (engines and API processes, instead of computing their own): the last
 * mark per symbol, and `onMark` for every new one. Empty until ingest publishes (within a second of a live book).
 * Resolves once the subscription is registered; `stop()` ends it.
 */
export async function followMarks(nc: NatsConnection, opts: MarkBusOptions = {}): Promise<MarkBoard> {
  const keeper = markKeeper()
  const unsubscribe = await subscribeMarks(nc, (m) => keeper.set(m), opts)
  return keeper.board(unsubscribe)
}
