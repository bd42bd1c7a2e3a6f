/**
 * One synthetic market (clearly synthetic: the UI badges it). The log price follows a geometric Brownian motion with
 * the catalog entry's daily volatility and a weak pull back to its seed price (mean reversion over ~3 days), so
 * every market stays around `simPrice`. Randomness comes from the generator it is given: a per-symbol seeded stream
 * when a seed is given (the same seed gives the same history and the same sequence of ticks), else the OS's secure
 * random source (sim/index.ts). Floats only drive the random walk; every emitted price and size is
 * rounded to integer ticks/units first, and sums (amount, vol) are exact decimals.
 */
import Big from 'big.js'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../../common/decimal'
import type { KlineTick, TradeItem } from '../../../../common/feed/messages'
import type { CatalogEntry } from '../../catalog'
import { type Rand, hash32, mulberry32, normal } from '../prng'
import { fromUnits } from '../units'

/** Mean reversion rate of the log price, per second (a pull felt over about 3 days). */
const REVERSION_PER_S = 1 / (3 * 86_400)
/** Mean trade notional, in USD, used to size trades. */
const MEAN_NOTIONAL_USD = 500
/** Sub-steps used to draw one history bar's path. */
const HISTORY_SUBSTEPS = 12

interface LiveBar {
  id: number
  open: number
  high: number
  low: number
  close: number
  amount: number
  vol: Big
  count: number
}

export class SimMarket {
  private readonly rand: Rand
  private x: number
  private readonly x0: number
  private readonly sigma: number
  private readonly scale: number
  private live: LiveBar | undefined
  private tradeSeq = 0
  lastTicks: number
  lastSide: 'buy' | 'sell' = 'buy'

  constructor(
    readonly entry: CatalogEntry,
    /** A seed (reproducible: a stream of its own per symbol) or the generator to draw from. */
    seed: number | Rand,
  ) {
    this.rand = typeof seed === 'number' ? mulberry32(hash32(`sim:${seed}:${entry.symbol}`)) : seed
    this.x0 = Math.log(Number(entry.simPrice))
    this.x = this.x0
    this.sigma = entry.simVolatility / Math.sqrt(86_400)
    this.scale = 10 ** entry.price_precision
    this.lastTicks = this.ticks()
  }

  /** Mean trade size in amount units (10^-amount_precision). */
  meanSizeUnits(): number {
    const usdPerBase = this.entry.quote === 'JPY' ? 1 : Math.exp(this.x)
    return Math.max(1, Math.round((MEAN_NOTIONAL_USD / usdPerBase) * 10 ** this.entry.amount_precision))
  }

  /** `count` complete 1min bars ending just before minute `endId` (epoch seconds), ascending. */
  history(endId: number, count: number): KlineTick[] {
    const bars: KlineTick[] = []
    for (let i = count; i >= 1; i--) {
      const open = this.ticks()
      let high = open
      let low = open
      for (let s = 0; s < HISTORY_SUBSTEPS; s++) {
        this.walk(60 / HISTORY_SUBSTEPS)
        const p = this.ticks()
        if (p > high) high = p
        if (p < low) low = p
      }
      const close = this.ticks()
      const trades = 180 + Math.floor(this.rand() * 120)
      const amount = Math.max(1, Math.round(trades * this.meanSizeUnits() * (0.5 + this.rand())))
      const e = this.entry
      const pp = e.price_precision
      bars.push({
        id: endId - i * 60,
        open: fromUnits(open, pp),
        close: fromUnits(close, pp),
        low: fromUnits(low, pp),
        high: fromUnits(high, pp),
        amount: fromUnits(amount, e.amount_precision),
        vol: this.turnoverNumber(amount, Math.round((open + high + low + close) / 4)),
        count: trades,
      })
      this.lastTicks = close
    }
    return bars
  }

  /** Advances by `dtS` seconds and trades once at time `ts` (ms). Returns the trade and the running 1min bar. */
  tick(ts: number, dtS: number): { trade: TradeItem; bar: KlineTick } {
    this.walk(dtS)
    const price = this.ticks()
    if (price !== this.lastTicks) this.lastSide = price > this.lastTicks ? 'buy' : 'sell'
    else this.lastSide = this.rand() < 0.5 ? 'buy' : 'sell'
    this.lastTicks = price
    const size = Math.max(1, Math.round(this.meanSizeUnits() * Math.exp(normal(this.rand) * 0.8 - 0.32)))
    const id = Math.floor(ts / 60_000) * 60
    let bar = this.live
    if (!bar || bar.id !== id) {
      bar = { id, open: price, high: price, low: price, close: price, amount: 0, vol: new Big(0), count: 0 }
      this.live = bar
    }
    bar.high = Math.max(bar.high, price)
    bar.low = Math.min(bar.low, price)
    bar.close = price
    bar.amount += size
    bar.vol = bar.vol.plus(this.turnover(size, price))
    bar.count++
    const tradeId = ++this.tradeSeq
    const trade: TradeItem = {
      id: tradeId,
      ts,
      tradeId,
      amount: fromUnits(size, this.entry.amount_precision),
      price: fromUnits(price, this.entry.price_precision),
      direction: this.lastSide,
    }
    return { trade, bar: this.toTick(bar) }
  }

  private walk(dtS: number): void {
    this.x += -REVERSION_PER_S * (this.x - this.x0) * dtS + this.sigma * Math.sqrt(dtS) * normal(this.rand)
  }

  private ticks(): number {
    return Math.max(1, Math.round(Math.exp(this.x) * this.scale))
  }

  /** size units × price ticks as an exact quote amount. */
  private turnover(sizeUnits: number, priceTicks: number): Big {
    const e = this.entry
    return dec(fromUnits(sizeUnits, e.amount_precision)).times(
      dec(fromUnits(Math.round(priceTicks), e.price_precision)),
    )
  }

  /**
   * `turnover` as the emitted number. size units × price ticks is an exact integer count of 10^-(pp+ap) while it is
   * a safe integer (every sim market, by far), which spares the ~77k history bars two big.js products each.
   */
  private turnoverNumber(sizeUnits: number, priceTicks: number): number {
    const e = this.entry
    const product = sizeUnits * priceTicks
    if (Number.isSafeInteger(product)) return fromUnits(product, e.price_precision + e.amount_precision)
    return Number(this.turnover(sizeUnits, priceTicks).toFixed(e.price_precision + e.amount_precision))
  }

  private toTick(b: Omit<LiveBar, 'vol'> & { vol: Big }): KlineTick {
    const e = this.entry
    const pp = e.price_precision
    return {
      id: b.id,
      open: fromUnits(b.open, pp),
      close: fromUnits(b.close, pp),
      low: fromUnits(b.low, pp),
      high: fromUnits(b.high, pp),
      amount: fromUnits(b.amount, e.amount_precision),
      vol: Number(b.vol.toFixed(pp + e.amount_precision)),
      count: b.count,
    }
  }
}
