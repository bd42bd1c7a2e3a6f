/**
 * What ingest keeps of one symbol's source calls so a process that starts later (or lost messages) can be brought to
 * the same state: the 1min bars (from history and candle events, the last `maxBars`), each coarser period's latest
 * seed, the earlier bars of each period, the latest book and ticker and the last 300 trades — each with the sequence number of the call
 * that last set it, so a re-sync asks only for what changed after the last number it has.
 */
import type { KlineTick, TradeItem } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'
import { TRADE_REQ_MAX } from '../../common/constants'
import { MAX_MINUTES } from '../market/hub/candle-series'
import type { MarketEvent } from '../market/types'
import type { SeedEntry, SourceCall, SymbolHead } from './market-wire'

/** 1min bars kept per symbol by default: as many as the hub keeps (7 days). */
export const DEFAULT_MAX_BARS = MAX_MINUTES

/** One symbol's kept state and its sequence counter. */
export class SymbolRecord {
  /** Number of the last call recorded (0 before any). */
  seq = 0
  /** Ascending by bar id (seconds); each with the seq of the call that last set it. */
  private readonly bars: { bar: KlineTick; seq: number }[] = []
  private readonly seeds = new Map<KlinePeriod, SeedEntry>()
  private readonly earlier = new Map<KlinePeriod, { bars: KlineTick[]; seq: number }>()
  private book: { e: MarketEvent; seq: number } | undefined
  private ticker: { e: MarketEvent; seq: number } | undefined
  /** In arrival order, each batch sorted by (ts, tradeId); at most TRADE_REQ_MAX. */
  private readonly trades: { item: TradeItem; seq: number }[] = []

  constructor(
    readonly symbol: string,
    private readonly maxBars = DEFAULT_MAX_BARS,
  ) {}

  /** Numbers and keeps call `c`; returns its sequence number. */
  record(c: SourceCall): number {
    const seq = ++this.seq
    if (c.t === 'history') for (const bar of c.bars) this.upsertBar(bar, seq)
    else if (c.t === 'earlier') this.earlier.set(c.period, { bars: c.bars, seq })
    else if (c.t === 'seed') this.seeds.set(c.period, { period: c.period, bar: c.bar, then: c.then, seq })
    else if (c.t === 'event') {
      const e = c.e
      if (e.type === 'candle') this.upsertBar(e.bar, seq)
      else if (e.type === 'book') this.book = { e, seq }
      else if (e.type === 'ticker') this.ticker = { e, seq }
      else this.addTrades(e.trades, seq)
    }
    if (this.bars.length > this.maxBars) this.bars.splice(0, this.bars.length - this.maxBars)
    return seq
  }

  /** The head of an answer holding what changed after `after` (everything when 0). */
  head(after: number): SymbolHead {
    return {
      symbol: this.symbol,
      seq: this.seq,
      full: after === 0,
      seeds: [...this.seeds.values()].filter((s) => s.seq > after),
      ...(this.book && this.book.seq > after ? { book: this.book.e } : {}),
      ...(this.ticker && this.ticker.seq > after ? { ticker: this.ticker.e } : {}),
      trades: this.trades.filter((t) => t.seq > after).map((t) => t.item),
      earlier: [...this.earlier].filter(([, e]) => e.seq > after).map(([period]) => period),
    }
  }

  /** The 1min bars set after `after`, ascending by id, each with its seq. */
  barsAfter(after: number): [KlineTick, number][] {
    const out: [KlineTick, number][] = []
    for (const b of this.bars) if (b.seq > after) out.push([b.bar, b.seq])
    return out
  }

  /** The earlier bars of each period set after `after`. */
  earlierAfter(after: number): [KlinePeriod, KlineTick[]][] {
    return [...this.earlier].filter(([, e]) => e.seq > after).map(([period, e]) => [period, e.bars])
  }

  private upsertBar(bar: KlineTick, seq: number): void {
    const bars = this.bars
    // First index whose id is not below bar.id (live candles land at the end: checked first).
    let lo = 0
    let hi = bars.length
    if (hi > 0 && bars[hi - 1]!.bar.id < bar.id) lo = hi
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (bars[mid]!.bar.id < bar.id) lo = mid + 1
      else hi = mid
    }
    if (bars[lo]?.bar.id === bar.id) bars[lo] = { bar, seq }
    else bars.splice(lo, 0, { bar, seq })
  }

  /** As the hub keeps them (SymbolState.addTrades): each batch sorted by (ts, tradeId), appended, the last 300 kept. */
  private addTrades(items: readonly TradeItem[], seq: number): void {
    const sorted = [...items].sort((a, b) => a.ts - b.ts || a.tradeId - b.tradeId)
    for (const item of sorted) this.trades.push({ item, seq })
    if (this.trades.length > TRADE_REQ_MAX) this.trades.splice(0, this.trades.length - TRADE_REQ_MAX)
  }
}
