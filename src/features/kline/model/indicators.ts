/**
 * Technical indicators of the K-line chart (issue 24 part 5), computed over the loaded bars' closes (and volumes) as
 * plot coordinates: floats, like the candles they are drawn over, never money. Each function answers one value per
 * bar (NaN where the window is not full yet), by the textbook definitions every exchange chart uses (TradingView's
 * and Binance's: "Moving Average", "Exponential Moving Average", "Bollinger Bands", "MACD", "Relative Strength Index").
 */

/** Which overlay the price pane draws, and what the lower pane shows. */
export const MAIN_INDICATORS = ['ma', 'ema', 'boll', 'none'] as const
export type MainIndicator = (typeof MAIN_INDICATORS)[number]
export const SUB_INDICATORS = ['vol', 'macd', 'rsi'] as const
export type SubIndicator = (typeof SUB_INDICATORS)[number]

/** The user's choice, with the periods of the MA/EMA lines (bars; the lines are drawn in this order). */
export interface IndicatorChoice {
  main: MainIndicator
  sub: SubIndicator
  periods: readonly number[]
}

/** The defaults of most exchange apps: MA 5/10/30 over the candles, volume below. */
export const DEFAULT_INDICATORS: IndicatorChoice = { main: 'ma', sub: 'vol', periods: [5, 10, 30] }
/** Bollinger Bands: 20 bars, 2 standard deviations. MACD 12/26/9. RSI 14 (Wilder's smoothing). Volume MA 5/10. */
export const BOLL = { period: 20, width: 2 } as const
export const MACD = { fast: 12, slow: 26, signal: 9 } as const
export const RSI_PERIOD = 14
export const VOLUME_MA_PERIODS = [5, 10] as const

/** Simple moving average of the first `n` values over `period` bars. */
export function sma(values: Float64Array, n: number, period: number): Float64Array {
  const out = new Float64Array(n).fill(NaN)
  let sum = 0
  for (let i = 0; i < n; i++) {
    sum += values[i]!
    if (i >= period) sum -= values[i - period]!
    if (i >= period - 1) out[i] = sum / period
  }
  return out
}

/** Exponential moving average (α = 2 / (period + 1)), seeded with the SMA of the first `period` values. */
export function ema(values: Float64Array, n: number, period: number, from = 0): Float64Array {
  const out = new Float64Array(n).fill(NaN)
  const alpha = 2 / (period + 1)
  let sum = 0
  let count = 0
  let prev = NaN
  for (let i = from; i < n; i++) {
    const v = values[i]!
    if (Number.isNaN(v)) continue
    if (count < period) {
      sum += v
      count++
      if (count === period) out[i] = prev = sum / period
      continue
    }
    out[i] = prev = alpha * v + (1 - alpha) * prev
  }
  return out
}

/** Bollinger Bands: the `period` SMA and ± `width` population standard deviations. */
export function bollinger(values: Float64Array, n: number, period: number = BOLL.period, width: number = BOLL.width) {
  const mid = sma(values, n, period)
  const upper = new Float64Array(n).fill(NaN)
  const lower = new Float64Array(n).fill(NaN)
  for (let i = period - 1; i < n; i++) {
    let sq = 0
    for (let k = i - period + 1; k <= i; k++) sq += (values[k]! - mid[i]!) ** 2
    const sd = Math.sqrt(sq / period)
    upper[i] = mid[i]! + width * sd
    lower[i] = mid[i]! - width * sd
  }
  return { mid, upper, lower }
}

/** MACD: DIF = EMA(fast) − EMA(slow), DEA = EMA(signal) of DIF, histogram = DIF − DEA (Binance shows it unscaled). */
export function macd(values: Float64Array, n: number, p: { fast: number; slow: number; signal: number } = MACD) {
  const fast = ema(values, n, p.fast)
  const slow = ema(values, n, p.slow)
  const dif = new Float64Array(n).fill(NaN)
  for (let i = 0; i < n; i++) dif[i] = fast[i]! - slow[i]!
  const dea = ema(dif, n, p.signal, p.slow - 1)
  const hist = new Float64Array(n).fill(NaN)
  for (let i = 0; i < n; i++) hist[i] = dif[i]! - dea[i]!
  return { dif, dea, hist }
}

/** RSI with Wilder's smoothing: 100 − 100 / (1 + average gain / average loss); 100 when nothing was lost. */
export function rsi(values: Float64Array, n: number, period: number = RSI_PERIOD): Float64Array {
  const out = new Float64Array(n).fill(NaN)
  let gain = 0
  let loss = 0
  for (let i = 1; i < n; i++) {
    const d = values[i]! - values[i - 1]!
    const up = d > 0 ? d : 0
    const down = d < 0 ? -d : 0
    if (i <= period) {
      gain += up
      loss += down
      if (i < period) continue
      gain /= period
      loss /= period
    } else {
      gain = (gain * (period - 1) + up) / period
      loss = (loss * (period - 1) + down) / period
    }
    out[i] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss)
  }
  return out
}
