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

/** Per market, the batches of prints of the last REPLAY_KEEP_MS, oldest first, at most MAX_PENDING_BATCHES. */
export class RecentPrints {
  private readonly bySymbol = new Map<string, KeptPrints[]>()

  /** Keeps `event`, which arrived at `arrivedAt` (ms), dropping what is older than REPLAY_KEEP_MS by then. */
  add(event: KeptPrints['event'], arrivedAt: number): void {
    let kept = this.bySymbol.get(event.symbol)
    if (!kept) this.bySymbol.set(event.symbol, (kept = []))
    kept.push({ event, arrivedAt })
    // Dropped from the front only (every event of a busy feed passes here).
    let drop = 0
    while (drop < kept.length && kept[drop]!.arrivedAt < arrivedAt - REPLAY_KEEP_MS) drop++
    drop = Math.max(drop, kept.length - MAX_PENDING_BATCHES)
    if (drop > 0) kept.splice(0, drop)
  }

  /** The batches of the markets `wanted` names that arrived within REPLAY_KEEP_MS of `now` (ms), oldest first. */
  since(now: number, wanted: (symbol: string) => boolean): KeptPrints[] {
    const out: KeptPrints[] = []
    for (const [symbol, kept] of this.bySymbol) {
      if (wanted(symbol)) out.push(...kept.filter((k) => k.arrivedAt >= now - REPLAY_KEEP_MS))
    }
    return out.sort((a, b) => a.arrivedAt - b.arrivedAt)
  }
}

/**
 * Per market, the marks of the last REPLAY_KEEP_MS with the time each arrived (ms), oldest first, at most
 * MAX_PENDING_BATCHES: when an engine gains accounts (a dead holder's), a take-profit or stop-loss that a mark of those
 * seconds reached — and the holder did not act on — is acted on at that mark (engine.ts `actOnGained`; liquidate.ts
 * checks again under the account lock that the mark reaches the trigger as it is set now and is still fresh).
 */
export class RecentMarks {
  private readonly bySymbol = new Map<string, { mark: MarkSnapshot; arrivedAt: number }[]>()

  /** Keeps `mark`, which arrived at `arrivedAt` (ms), dropping what is older than REPLAY_KEEP_MS by then. */
  add(mark: MarkSnapshot, arrivedAt: number): void {
    let kept = this.bySymbol.get(mark.symbol)
    if (!kept) this.bySymbol.set(mark.symbol, (kept = []))
    kept.push({ mark, arrivedAt })
    let drop = 0
    while (drop < kept.length && kept[drop]!.arrivedAt < arrivedAt - REPLAY_KEEP_MS) drop++
    drop = Math.max(drop, kept.length - MAX_PENDING_BATCHES)
    if (drop > 0) kept.splice(0, drop)
  }

  /** The marks of `symbol` that arrived within REPLAY_KEEP_MS of `now` (ms), oldest first. */
  since(now: number, symbol: string): MarkSnapshot[] {
    return (this.bySymbol.get(symbol) ?? []).filter((k) => k.arrivedAt >= now - REPLAY_KEEP_MS).map((k) => k.mark)
  }
}
