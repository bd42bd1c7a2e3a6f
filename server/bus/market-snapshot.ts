/**
 * The receiving end of `tc.market-snapshot`: asks, collects the answer's chunks into one snapshot per symbol, and
 * replays a symbol's snapshot into a sink in the order ingest's own sink saw those calls.
 */
import { createInbox } from '@nats-io/transport-node'
import type { KlineTick } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'
import type { SourceSink } from '../market/sources/source'
import { MARKET_WIRE_VERSION, type SnapshotRequest, type SourceMeta, type SymbolHead } from './market-wire'
import { decodeWith, snapshotChunkSchema } from './market-wire-schema'
import type { NatsConnection } from './nats'

/** One symbol's part of an answer. */
export interface SymbolSnapshot {
  head: SymbolHead
  /** 1min bars ascending by id, each with the seq of the call that last set it. */
  bars: [KlineTick, number][]
  /** Earlier bars of each period the head lists (SourceSink.earlierBars), ascending. */
  earlier: Map<KlinePeriod, KlineTick[]>
}

/** A whole answer: from publisher `origin`. */
export interface Snapshot {
  origin: string
  meta: SourceMeta
  symbols: Map<string, SymbolSnapshot>
}

/**
 * Asks `subject` and collects the answer. Keeps the chunks of `req.origin` (or of the first publisher that answers
 * when it is absent) and ignores any other publisher's.
 * @param stallMs how long to wait for the first or the next chunk, ms
 * @throws Error naming the subject when no (complete) answer comes within `stallMs` of the last chunk
 */
export function requestSnapshot(
  nc: NatsConnection,
  subject: string,
  req: Omit<SnapshotRequest, 'v'>,
  stallMs: number,
): Promise<Snapshot> {
  return new Promise((resolve, reject) => {
    const inbox = createInbox()
    let origin = req.origin
    let meta: SourceMeta | undefined
    const symbols = new Map<string, SymbolSnapshot>()
    let timer: NodeJS.Timeout | undefined
    const done = (err?: Error) => {
      clearTimeout(timer)
      if (!sub.isClosed()) sub.unsubscribe()
      if (err) reject(err)
      else resolve({ origin: origin!, meta: meta!, symbols })
    }
    const wait = () => {
      clearTimeout(timer)
      timer = setTimeout(
        () => done(new Error(`no complete answer on ${subject} within ${stallMs} ms: is the ingest role running?`)),
        stallMs,
      )
      // A process stopping while an answer is awaited need not wait for it.
      timer.unref()
    }
    const sub = nc.subscribe(inbox, {
      callback: (err, msg) => {
        if (err) return done(err)
        const c = decodeWith(snapshotChunkSchema, msg.string())
        if (!c) return
        if (origin === undefined && c.k === 'meta') origin = c.o
        if (c.o !== origin) return
        wait()
        if (c.k === 'meta') meta = c.meta
        else if (c.k === 'head') symbols.set(c.head.symbol, { head: c.head, bars: [], earlier: new Map() })
        else if (c.k === 'bars') symbols.get(c.symbol)?.bars.push(...c.bars)
        else if (c.k === 'earlier') {
          const earlier = symbols.get(c.symbol)?.earlier
          if (earlier) {
            let list = earlier.get(c.period)
            if (!list) earlier.set(c.period, (list = []))
            list.push(...c.bars)
          }
        } else if (c.k === 'end' && meta) done()
      },
    })
    wait()
    try {
      nc.publish(subject, JSON.stringify({ v: MARKET_WIRE_VERSION, ...req } satisfies SnapshotRequest), {
        reply: inbox,
      })
    } catch (err) {
      done(err as Error)
    }
  })
}

/**
 * Replays one symbol's snapshot into `sink`, as ingest's sink saw the calls: the 1min bars in runs split at each
 * coarser period's seed (bars up to the seed's `then` minute, the seed, the bars after), the earlier bars, the kept
 * trades (silently, through `recentTrades`: they are not new), then the latest book and ticker as events (they are
 * the market now: listeners such as the mark price should see them).
 *
 * A re-sync replays only what changed after its last number, into a sink that holds the rest. Bars are upserts and
 * a book or ticker replaces the older one, so that repairs the state; one limit: when a seed itself was lost, the
 * minutes after it that the sink already held are not folded into that period's current bar again (it is right
 * again from the period's next bucket).
 */
export function applySymbolSnapshot(sink: SourceSink, snap: SymbolSnapshot): void {
  const { head } = snap
  const symbol = head.symbol
  const bars = snap.bars.map(([bar]) => bar)
  const seeds = [...head.seeds].sort((a, b) => (a.then?.id ?? -Infinity) - (b.then?.id ?? -Infinity))
  let from = 0
  for (const seed of seeds) {
    let to = from
    while (to < bars.length && seed.then && bars[to]!.id <= seed.then.id) to++
    if (to > from) sink.history(symbol, bars.slice(from, to))
    from = to
    sink.seedPeriod?.(symbol, seed.period, seed.bar, seed.then)
  }
  if (from < bars.length) sink.history(symbol, from === 0 ? bars : bars.slice(from))
  for (const period of head.earlier) sink.earlierBars?.(symbol, period, snap.earlier.get(period) ?? [])
  if (head.trades.length > 0) sink.recentTrades?.(symbol, head.trades)
  if (head.book) sink.event(head.book)
  if (head.ticker) sink.event(head.ticker)
}
