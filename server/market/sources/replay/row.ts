/**
 * One recorded 1-minute bar as read from a replay file, and its checks. Every problem is reported as
 * `ReplayFileError` naming the file and line, so a bad file stops the server with a message an operator can act on.
 */
import { dec } from '../../../../common/decimal'

/** A 1min bar as recorded: open time (epoch ms) and decimal text exactly as in the file. */
export interface RawBar {
  t: number
  open: string
  high: string
  low: string
  close: string
  /** Base-asset volume. */
  volume: string
  /** Quote-asset volume, when the file has it (Binance klines). */
  quote?: string
  /** Number of trades, when the file has it. */
  count?: number
}

/** A replay file that cannot be used: `file:line: reason`. */
export class ReplayFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: ${reason}`)
    this.name = 'ReplayFileError'
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/** A numeric field as decimal text; throws a plain Error naming the field when it is not a finite decimal. */
export function numberField(value: unknown, field: string): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (!NUMBER.test(text)) throw new Error(`${field} is not a number: ${JSON.stringify(value)}`)
  return text
}

/**
 * Open time → epoch ms. Accepts epoch seconds, ms or µs (data.binance.vision spot dumps use µs since 2025) and ISO
 * text ("2025-09-22 01:15:00+00:00"; no zone = UTC).
 */
export function timeField(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  if (/^\d+$/.test(text)) {
    const n = Number(text)
    if (n >= 1e14) return Math.floor(n / 1000)
    return n >= 1e11 ? n : n * 1000
  }
  let iso = text.replace(' ', 'T')
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(iso)) iso += 'Z'
  const ms = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : NaN
  if (Number.isNaN(ms)) throw new Error(`open time is neither epoch nor ISO: ${JSON.stringify(value)}`)
  return ms
}

/** Checks one bar against the previous one of the same file; throws a plain Error with the reason. */
export function checkBar(bar: RawBar, prevT: number | undefined): void {
  if (bar.t % 60_000 !== 0) throw new Error(`open time ${new Date(bar.t).toISOString()} is not on a minute boundary`)
  if (prevT !== undefined && bar.t <= prevT) {
    throw new Error(`open time ${new Date(bar.t).toISOString()} is not after the previous row's`)
  }
  const o = dec(bar.open)
  const h = dec(bar.high)
  const l = dec(bar.low)
  const c = dec(bar.close)
  if (l.lte(0)) throw new Error(`low ${bar.low} is not positive`)
  if (h.lt(o) || h.lt(c) || h.lt(l)) throw new Error(`high ${bar.high} is below open, close or low (OHLC order broken)`)
  if (l.gt(o) || l.gt(c)) throw new Error(`low ${bar.low} is above open or close (OHLC order broken)`)
  if (dec(bar.volume).lt(0)) throw new Error(`volume ${bar.volume} is negative`)
  if (bar.quote !== undefined && dec(bar.quote).lt(0)) throw new Error(`quote volume ${bar.quote} is negative`)
  if (bar.count !== undefined && (!Number.isInteger(bar.count) || bar.count < 0)) {
    throw new Error(`trade count ${bar.count} is not a whole number ≥ 0`)
  }
}

/** Runs `fn` for one row, turning its plain Error into a ReplayFileError at `file:line`. */
export function atLine<T>(file: string, line: number, fn: () => T): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof ReplayFileError) throw err
    throw new ReplayFileError(file, line, (err as Error).message)
  }
}
