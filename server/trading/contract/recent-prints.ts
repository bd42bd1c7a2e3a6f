/**
 * The feed's trade prints of the last REPLAY_KEEP_MS per market, kept by a futures risk engine for a takeover (issue
 * 22 part 4): when an engine gains partitions (a dead holder's), the prints of the gained markets that came before
 * their pending orders were loaded here — while the other engine held them, or during the load — are matched again
 * (engine.ts `widen`), as the spot matcher does with the prints it did not own (spot/matcher.ts `gained`). Matching a
 * print twice is harmless: a fill is booked once per order and print, and never beyond the print's size, whichever
 * process booked it (entrusts.ts, close-matcher.ts).
 */
import type { MarketEvent } from '../../market/types'
import type { MarkSnapshot } from './marks'
import { MAX_PENDING_BATCHES, REPLAY_KEEP_MS } from '../spot/matcher'

/** A batch of prints of one market with the time it arrived (ms). */
export interface KeptPrints {
  event: Extract<MarketEvent, { type: 'trades' }>
  arrivedAt: number
}

/**
 * Per market, what arrived in the last REPLAY_KEEP_MS with its arrival time (ms), oldest first, at most
 * MAX_PENDING_BATCHES: the window RecentPrints and RecentMarks keep.
 */
class RecentWindow<T> {
  private readonly bySymbol = new Map<string, { item: T; arrivedAt: number }[]>()

  /** Keeps `item` of `symbol`, which arrived at `arrivedAt` (ms), dropping what is older than REPLAY_KEEP_MS by then. */
  add(symbol: string, item: T, arrivedAt: number): void {
    let kept = this.bySymbol.get(symbol)
    if (!kept) this.bySymbol.set(symbol, (kept = []))
    kept.push({ item, arrivedAt })
    // Dropped from the front only (every event of a busy feed passes here).
    let drop = 0
    while (drop < kept.length && kept[drop]!.arrivedAt < arrivedAt - REPLAY_KEEP_MS) drop++
    drop = Math.max(drop, kept.length - MAX_PENDING_BATCHES)
    if (drop > 0) kept.splice(0, drop)
  }

  /** What `symbol` kept that arrived within REPLAY_KEEP_MS of `now` (ms), oldest first. */
  of(symbol: string, now: number): { item: T; arrivedAt: number }[] {
    return (this.bySymbol.get(symbol) ?? []).filter((k) => k.arrivedAt >= now - REPLAY_KEEP_MS)
  }

  symbols(): IterableIterator<string> {
    return this.bySymbol.keys()
  }
}

/** Per market, the batches of prints of the last REPLAY_KEEP_MS, oldest first, at most MAX_PENDING_BATCHES. */
export class RecentPrints {
  private readonly window = new RecentWindow<KeptPrints['event']>()

  /** Keeps `event`, which arrived at `arrivedAt` (ms), dropping what is older than REPLAY_KEEP_MS by then. */
  add(event: KeptPrints['event'], arrivedAt: number): void {
    this.window.add(event.symbol, event, arrivedAt)
  }

  /** The batches of the markets `wanted` names that arrived within REPLAY_KEEP_MS of `now` (ms), oldest first. */
  since(now: number, wanted: (symbol: string) => boolean): KeptPrints[] {
    const out: KeptPrints[] = []
    for (const symbol of this.window.symbols()) {
      if (wanted(symbol))
        out.push(...this.window.of(symbol, now).map((k) => ({ event: k.item, arrivedAt: k.arrivedAt })))
    }
    return out.sort((a, b) => a.arrivedAt - b.arrivedAt)
  }
}

/**
 * Per market, the marks of the last REPLAY_KEEP_MS, oldest first: when an engine gains accounts (a dead holder's), a
 * take-profit or stop-loss that a mark of those seconds reached — and the holder did not act on — is acted on at that
 * mark (engine.ts `actOnGained`; liquidate.ts checks again under the account lock that the mark reaches the trigger
 * as it is set now and is still fresh).
 */
export class RecentMarks {
  private readonly window = new RecentWindow<MarkSnapshot>()

  /** Keeps `mark`, which arrived at `arrivedAt` (ms), dropping what is older than REPLAY_KEEP_MS by then. */
  add(mark: MarkSnapshot, arrivedAt: number): void {
    this.window.add(mark.symbol, mark, arrivedAt)
  }

  /** The marks of `symbol` that arrived within REPLAY_KEEP_MS of `now` (ms), oldest first. */
  since(now: number, symbol: string): MarkSnapshot[] {
    return this.window.of(symbol, now).map((k) => k.item)
  }
}
