/**
 * Ingest's side of the market over NATS (issue 22 part 3): a SourceSink that sits between the one real market source
 * and the local hub. Every call is handed to the hub and published on `tc.market.<symbol>` with the symbol's next
 * sequence number; the publisher answers `tc.market-snapshot` with what a process starting later needs (the source's
 * specs and what it has delivered so far, bounded: SymbolRecord) and `tc.market-history` from the source's own
 * history provider (htx).
 *
 * Live calls travel on core NATS, not JetStream: they are many and small, only the newest state matters to a process
 * that was down, and a lost message is detected by its sequence number and repaired from the snapshot
 * (NatsMarketSource). Only one publisher may run at a time (ingest's lease); its random `origin` tells receivers
 * when another one took over.
 */
import { nuid, type Msg, type Subscription } from '@nats-io/transport-node'
import type { KlineTick } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'
import type { MarketSource, SourceSink } from '../market/sources/source'
import type { MarketEvent } from '../market/types'
import { SymbolRecord } from './market-record'
import {
  MARKET_WIRE_VERSION,
  payloadBudget,
  splitToFit,
  type HistoryAnswer,
  type LiveMessage,
  type SnapshotChunk,
  type SourceCall,
  type SourceMeta,
} from './market-wire'
import { decodeWith, historyRequestSchema, snapshotRequestSchema } from './market-wire-schema'
import { followLink, type LinkState, type NatsConnection } from './nats'
import { subjects, type Subjects } from './subjects'

/** What the publisher reads of the source it wraps. */
export type PublishedSource = Pick<
  MarketSource,
  'kind' | 'detail' | 'fallback' | 'live' | 'specs' | 'tickerFromBars' | 'makeup' | 'history'
>

/** Options of NatsMarketPublisher. */
export interface NatsMarketPublisherOptions {
  /** Namespace of the subjects (a test run's id); none by default. */
  prefix?: string
  /** 1min bars kept per symbol for the snapshot (default 10,080: 7 days, as the hub keeps). */
  maxBars?: number
  log?: (line: string) => void
}

/** Wraps `sink` (the local hub) for the source `source`; call `start()` to answer requests. */
export class NatsMarketPublisher implements SourceSink {
  /** This publisher's random id; receivers re-sync when it changes. */
  readonly origin = nuid.next()
  private readonly names: Subjects
  private readonly records = new Map<string, SymbolRecord>()
  private readonly subs: Subscription[] = []
  private stopped = false
  private readonly budget: number
  private readonly link: LinkState
  /** Calls not published because NATS was down (followers see the gap and re-sync). */
  private skipped = 0

  /** @throws Error when a listed symbol cannot be a subject token */
  constructor(
    private readonly nc: NatsConnection,
    private readonly sink: SourceSink,
    private readonly source: PublishedSource,
    private readonly opts: NatsMarketPublisherOptions = {},
  ) {
    this.names = subjects(opts.prefix)
    for (const spec of source.specs) {
      this.names.market(spec.symbol)
      this.records.set(spec.symbol, new SymbolRecord(spec.symbol, opts.maxBars))
    }
    this.budget = payloadBudget(nc.info?.max_payload)
    this.link = followLink(nc)
  }

  /** Answers snapshot and history requests from now on; resolves once the server registered the interest. */
  async start(): Promise<void> {
    this.subs.push(
      this.nc.subscribe(this.names.marketSnapshot, {
        callback: (err, msg) => {
          if (!err) this.answerSnapshot(msg)
        },
      }),
      this.nc.subscribe(this.names.marketHistory, {
        callback: (err, msg) => {
          if (!err) void this.answerHistory(msg)
        },
      }),
    )
    await this.nc.flush()
  }

  /** Stops answering and publishing; calls are still handed to the sink until the source stops. */
  async stop(): Promise<void> {
    this.stopped = true
    this.link.stop()
    for (const sub of this.subs.splice(0)) sub.unsubscribe()
    if (!this.nc.isClosed()) await this.nc.flush().catch(() => undefined)
  }

  /** True while calls are published: NATS is up and `stop` was not called. */
  get publishing(): boolean {
    return this.link.up && !this.stopped
  }

  /** The symbol's last sequence number (0 before its first call; undefined for a symbol not listed). */
  position(symbol: string): number | undefined {
    return this.records.get(symbol)?.seq
  }

  event(e: MarketEvent): void {
    this.publish(e.symbol, { t: 'event', e })
    this.sink.event(e)
  }

  history(symbol: string, bars: KlineTick[]): void {
    this.publish(symbol, { t: 'history', bars })
    this.sink.history(symbol, bars)
  }

  earlierBars(symbol: string, period: KlinePeriod, bars: KlineTick[]): void {
    this.publish(symbol, { t: 'earlier', period, bars })
    this.sink.earlierBars?.(symbol, period, bars)
  }

  seedPeriod(symbol: string, period: KlinePeriod, bar: KlineTick, minuteThen: KlineTick | undefined): void {
    this.publish(symbol, { t: 'seed', period, bar, ...(minuteThen ? { then: minuteThen } : {}) })
    this.sink.seedPeriod?.(symbol, period, bar, minuteThen)
  }

  /** Numbers and keeps the call, then publishes it (as `big` when it does not fit one message). */
  private publish(symbol: string, c: SourceCall): void {
    const record = this.records.get(symbol)
    if (!record || this.stopped) return
    const s = record.record(c)
    if (!this.link.up) {
      // Buffered by the client, an outage's calls would pile up in memory: numbered and kept, not sent.
      if (this.skipped++ === 0) this.opts.log?.('nats: down; market calls are kept, not published, until it is back')
      return
    }
    if (this.skipped > 0) {
      this.opts.log?.(`nats: back; ${this.skipped} market calls were not published (followers re-sync)`)
      this.skipped = 0
    }
    let data = JSON.stringify({ v: MARKET_WIRE_VERSION, o: this.origin, s, c } satisfies LiveMessage)
    if (Buffer.byteLength(data) > this.budget)
      data = JSON.stringify({ v: MARKET_WIRE_VERSION, o: this.origin, s, c: { t: 'big' } } satisfies LiveMessage)
    try {
      this.nc.publish(this.names.market(symbol), data)
    } catch (err) {
      // Closed connection: receivers see the gap when publishing resumes under a new publisher.
      this.opts.log?.(`nats: market ${symbol} #${s} not published: ${(err as Error).message}`)
    }
  }

  /** Sends the answer's chunks in order; built at once, so every symbol's part is as of its `seq`. */
  private answerSnapshot(msg: Msg): void {
    if (!msg.reply) return
    const req = decodeWith(snapshotRequestSchema, msg.string())
    if (!req) return this.opts.log?.('nats: a market snapshot request that fails its schema was ignored')
    const after = req.origin === this.origin && Number.isInteger(req.after) ? Math.max(0, req.after!) : 0
    const chosen = req.symbol === undefined ? [...this.records.values()] : [this.records.get(req.symbol)]
    const o = this.origin
    const chunks: SnapshotChunk[] = [{ k: 'meta', o, meta: this.meta() }]
    for (const record of chosen) {
      if (!record) continue
      const symbol = record.symbol
      chunks.push({ k: 'head', o, head: record.head(after) })
      for (const bars of splitToFit(record.barsAfter(after), this.budget)) chunks.push({ k: 'bars', o, symbol, bars })
      for (const [period, all] of record.earlierAfter(after)) {
        for (const bars of splitToFit(all, this.budget)) chunks.push({ k: 'earlier', o, symbol, period, bars })
      }
    }
    chunks.push({ k: 'end', o })
    try {
      for (const chunk of chunks) msg.respond(JSON.stringify(chunk))
    } catch (err) {
      this.opts.log?.(`nats: market snapshot not sent: ${(err as Error).message}`)
    }
  }

  private async answerHistory(msg: Msg): Promise<void> {
    if (!msg.reply) return
    const req = decodeWith(historyRequestSchema, msg.string())
    let answer: HistoryAnswer
    if (!this.source.history) answer = { error: 'this market source has no upstream history' }
    else if (!req?.symbol || !req.period || !this.records.has(req.symbol)) answer = { error: 'bad history request' }
    else {
      try {
        answer = { bars: await this.source.history(req.symbol, req.period, req.from, req.to) }
      } catch (err) {
        answer = { error: (err as Error).message }
      }
    }
    try {
      msg.respond(JSON.stringify(answer))
    } catch (err) {
      this.opts.log?.(`nats: market history answer not sent: ${(err as Error).message}`)
    }
  }

  private meta(): SourceMeta {
    const s = this.source
    return {
      kind: s.kind,
      detail: s.detail,
      ...(s.fallback === undefined ? {} : { fallback: s.fallback }),
      live: s.live,
      specs: s.specs,
      tickerFromBars: s.tickerFromBars,
      ...(s.makeup ? { makeup: s.makeup } : {}),
      history: !!s.history,
    }
  }
}
