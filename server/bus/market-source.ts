/**
 * The market source of every process but ingest (issue 22 part 3): it stands in for the real source by replaying
 * what ingest's NatsMarketPublisher publishes, so its hub, gateway and engines see the same calls in the same order,
 * per symbol.
 *
 * `connect` subscribes to `tc.market.*` first, then asks `tc.market-snapshot` (the specs a Hub is built from, and
 * the state so far); `start` replays the snapshot into the sink and then the live messages numbered after it, held
 * meanwhile. Per symbol, a message numbered at or below the last one delivered is a duplicate and dropped; one past
 * the next leaves a gap: the gap is logged, later messages are held and the symbol is re-synced from a snapshot of
 * what changed after its last number (nothing is skipped silently; live pushes of that symbol pause for one round
 * trip). A message from another publisher (ingest restarted, the standby took over) re-syncs the symbol from that
 * publisher's full snapshot, and the old publisher's late messages are dropped. A failed snapshot is asked again
 * after `retryMs` while live messages are held (at most `maxHeld`: past it they are dropped, and the gap they leave
 * is re-synced like any other).
 *
 * Two publishers running at once (no lease) would make the symbols follow whichever spoke last: run one ingest.
 */
import type { Subscription } from '@nats-io/transport-node'
import type { FeedMakeup, MarketSourceKind } from '../../common/api/public'
import type { KlineTick } from '../../common/feed/messages'
import type { HistoryProvider, MarketSource, SourceSink, SymbolSpec } from '../market/sources/source'
import { decodeLive, type HistoryRequest, type LiveMessage } from './market-wire'
import { decodeWith, historyAnswerSchema } from './market-wire-schema'
import { applySymbolSnapshot, requestSnapshot, type Snapshot, type SymbolSnapshot } from './market-snapshot'
import type { NatsConnection } from './nats'
import { subjects, type Subjects } from './subjects'

/** Options of NatsMarketSource.connect. */
export interface NatsMarketSourceOptions {
  /** Namespace of the subjects (a test run's id); none by default. */
  prefix?: string
  /** How long a snapshot may take to start or continue, ms (default 10,000). */
  snapshotTimeoutMs?: number
  /** Wait before asking a failed snapshot again, ms (default 1000). */
  retryMs?: number
  /** Live messages held per symbol while its snapshot is awaited (default 50,000). */
  maxHeld?: number
  /** Timeout of a forwarded kline history request, ms (default 10,000). */
  historyTimeoutMs?: number
  log?: (line: string) => void
}

/** Where one symbol's feed stands. */
interface Feed {
  symbol: string
  /** Publisher the numbers count in ('' before the first snapshot). */
  origin: string
  /** Last number delivered. */
  seq: number
  /** True while a snapshot is awaited (and before start): live messages are held. */
  syncing: boolean
  held: LiveMessage[]
  /** Publishers this symbol moved away from: their late messages are dropped. */
  retired: Set<string>
}

export class NatsMarketSource implements MarketSource {
  readonly kind: MarketSourceKind
  readonly detail: string
  readonly fallback?: string
  readonly live: boolean
  readonly specs: SymbolSpec[]
  readonly tickerFromBars: boolean
  readonly makeup?: FeedMakeup[]
  readonly history?: HistoryProvider
  /** Gaps detected since connect (diagnostics, tests). */
  gaps = 0
  private readonly feeds = new Map<string, Feed>()
  private sink: SourceSink | undefined
  private stopped = false
  private readonly timers = new Set<NodeJS.Timeout>()

  private constructor(
    private readonly nc: NatsConnection,
    private readonly names: Subjects,
    private readonly sub: Subscription,
    private first: Snapshot | undefined,
    private readonly opts: NatsMarketSourceOptions,
  ) {
    const meta = first!.meta
    this.kind = meta.kind
    this.detail = meta.detail
    if (meta.fallback !== undefined) this.fallback = meta.fallback
    this.live = meta.live
    this.specs = meta.specs
    this.tickerFromBars = meta.tickerFromBars
    if (meta.makeup) this.makeup = meta.makeup
    if (meta.history) this.history = (symbol, period, from, to) => this.askHistory({ symbol, period, from, to })
    for (const { symbol } of meta.specs)
      this.feeds.set(symbol, { symbol, origin: '', seq: 0, syncing: true, held: [], retired: new Set() })
  }

  /**
   * Subscribes to the live messages, then asks the snapshot (the specs come with it). Live messages are held until
   * `start`.
   * @throws Error when no publisher answers the snapshot within `snapshotTimeoutMs` (ingest not running)
   */
  static async connect(nc: NatsConnection, opts: NatsMarketSourceOptions = {}): Promise<NatsMarketSource> {
    const names = subjects(opts.prefix)
    const early: [string, LiveMessage][] = []
    let source: NatsMarketSource | undefined
    const sub = nc.subscribe(names.allMarkets, {
      callback: (err, msg) => {
        if (err) return opts.log?.(`nats: market subscription: ${err.message}`)
        const m = decodeLive(msg.string())
        if (!m) return
        const symbol = names.symbolOf(msg.subject)
        if (source) source.heard(symbol, m)
        else early.push([symbol, m])
      },
    })
    try {
      // The interest is registered before the snapshot is asked: nothing after the snapshot can be missed.
      await nc.flush()
      const first = await requestSnapshot(nc, names.marketSnapshot, {}, opts.snapshotTimeoutMs ?? 10_000)
      source = new NatsMarketSource(nc, names, sub, first, opts)
    } catch (err) {
      sub.unsubscribe()
      throw err
    }
    for (const [symbol, m] of early) source.heard(symbol, m)
    return source
  }

  /** Replays the snapshot into `sink`, then what was held meanwhile, then goes live. */
  start(sink: SourceSink): Promise<void> {
    this.sink = sink
    const first = this.first!
    this.first = undefined
    for (const feed of this.feeds.values()) {
      const snap = first.symbols.get(feed.symbol)
      if (snap) this.adopt(feed, first.origin, snap)
      else this.resync(feed, true)
    }
    return Promise.resolve()
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    this.sub.unsubscribe()
    if (!this.nc.isClosed()) await this.nc.flush().catch(() => undefined)
  }

  /** The publisher and last number delivered of `symbol` (undefined for a symbol not listed). */
  position(symbol: string): { origin: string; seq: number } | undefined {
    const f = this.feeds.get(symbol)
    return f && { origin: f.origin, seq: f.seq }
  }

  /** A live message of `symbol`. */
  private heard(symbol: string, m: LiveMessage): void {
    const f = this.feeds.get(symbol)
    if (!f || this.stopped || f.retired.has(m.o)) return
    if (f.syncing) this.hold(f, m)
    else this.take(f, m)
  }

  private hold(f: Feed, m: LiveMessage): void {
    // Dropping what is held leaves a gap the next message shows; it is re-synced like any other.
    if (f.held.length >= (this.opts.maxHeld ?? 50_000)) f.held = []
    f.held.push(m)
  }

  /** Delivers `m` when it is the next one; holds it and starts a re-sync when it is not. */
  private take(f: Feed, m: LiveMessage): void {
    if (m.o !== f.origin) {
      this.opts.log?.(`market ${f.symbol}: publisher changed (${f.origin || 'none'} → ${m.o}); re-syncing`)
      this.hold(f, m)
      return this.resync(f, true, m.o)
    }
    if (m.s <= f.seq) return
    if (m.s > f.seq + 1) {
      this.gaps++
      this.opts.log?.(`market ${f.symbol}: gap after #${f.seq} (next heard #${m.s}); re-syncing from a snapshot`)
    }
    if (m.s > f.seq + 1 || m.c.t === 'big') {
      this.hold(f, m)
      return this.resync(f, false)
    }
    f.seq = m.s
    this.deliver(f.symbol, m)
  }

  private deliver(symbol: string, m: LiveMessage): void {
    const sink = this.sink!
    const c = m.c
    if (c.t === 'event') sink.event(c.e)
    else if (c.t === 'history') sink.history(symbol, c.bars)
    else if (c.t === 'earlier') sink.earlierBars?.(symbol, c.period, c.bars)
    else if (c.t === 'seed') sink.seedPeriod?.(symbol, c.period, c.bar, c.then)
  }

  /**
   * Asks a snapshot of `f` (everything when `full`, else what changed after its last number) from publisher `want`
   * (default: the one it follows; any when full), and replays it once it arrives; on failure asks again, in full.
   */
  private resync(f: Feed, full: boolean, want?: string): void {
    f.syncing = true
    const origin = want ?? (full ? undefined : f.origin)
    const req = { symbol: f.symbol, ...(origin ? { origin } : {}), ...(full ? {} : { after: f.seq }) }
    requestSnapshot(this.nc, this.names.marketSnapshot, req, this.opts.snapshotTimeoutMs ?? 10_000)
      .then((snap) => {
        if (this.stopped) return
        const part = snap.symbols.get(f.symbol)
        if (!part) throw new Error(`the answer of ${snap.origin} lacks ${f.symbol}`)
        this.adopt(f, snap.origin, part)
      })
      .catch((err: Error) => {
        if (this.stopped) return
        this.opts.log?.(`market ${f.symbol}: snapshot failed (${err.message}); asking again`)
        const t = setTimeout(() => {
          this.timers.delete(t)
          if (!this.stopped) this.resync(f, true)
        }, this.opts.retryMs ?? 1000)
        this.timers.add(t)
      })
  }

  /** Replays `snap` (from `origin`) into the sink, then the held messages numbered after it. */
  private adopt(f: Feed, origin: string, snap: SymbolSnapshot): void {
    if (f.origin && f.origin !== origin) f.retired.add(f.origin)
    f.retired.delete(origin)
    f.origin = origin
    f.seq = snap.head.seq
    f.syncing = false
    applySymbolSnapshot(this.sink!, snap)
    const held = f.held
    f.held = []
    for (let i = 0; i < held.length; i++) {
      if (f.syncing) {
        f.held.push(...held.slice(i))
        return
      }
      const m = held[i]!
      if (!f.retired.has(m.o)) this.take(f, m)
    }
  }

  private async askHistory(req: HistoryRequest): Promise<KlineTick[]> {
    const timeout = this.opts.historyTimeoutMs ?? 10_000
    const msg = await this.nc.request(this.names.marketHistory, JSON.stringify(req), { timeout })
    const answer = decodeWith(historyAnswerSchema, msg.string())
    if (!answer) throw new Error('a history answer that fails its schema')
    if ('error' in answer) throw new Error(answer.error)
    return answer.bars
  }
}
