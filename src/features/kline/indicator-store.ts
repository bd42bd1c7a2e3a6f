/**
 * The K-line indicators the user chose (issue 24 part 5), remembered on this device under `KLINE_INDICATORS` for
 * every market and period (a preference: it stays at logout). A stored value that is not a valid choice starts from
 * the defaults (MA 5/10/30 over the candles, volume below).
 */
import { proxy } from 'valtio'
import { readStored, writeStored } from '../../state/storage'
import {
  DEFAULT_INDICATORS,
  MAIN_INDICATORS,
  SUB_INDICATORS,
  type IndicatorChoice,
  type MainIndicator,
  type SubIndicator,
} from './model/indicators'

const KEY = 'KLINE_INDICATORS'

const isChoice = (v: unknown): v is IndicatorChoice => {
  if (typeof v !== 'object' || v === null) return false
  const c = v as Record<string, unknown>
  return (
    MAIN_INDICATORS.includes(c.main as MainIndicator) &&
    SUB_INDICATORS.includes(c.sub as SubIndicator) &&
    Array.isArray(c.periods) &&
    c.periods.length >= 1 &&
    c.periods.length <= 3 &&
    c.periods.every((p) => Number.isInteger(p) && (p as number) >= 2 && (p as number) <= 200)
  )
}

export const indicatorStore = proxy<{ choice: IndicatorChoice }>({
  choice: readStored(KEY, isChoice, DEFAULT_INDICATORS),
})

/** Shows `main` over the candles (the active one again: none). Kept at once. */
export function chooseMain(main: MainIndicator): void {
  const next = indicatorStore.choice.main === main ? 'none' : main
  indicatorStore.choice = { ...indicatorStore.choice, main: next }
  writeStored(KEY, indicatorStore.choice)
}

/** Shows `sub` in the lower pane. Kept at once. */
export function chooseSub(sub: SubIndicator): void {
  indicatorStore.choice = { ...indicatorStore.choice, sub }
  writeStored(KEY, indicatorStore.choice)
}

/** Shortest and longest MA/EMA period the settings accept, bars. */
export const PERIOD_MIN = 2
export const PERIOD_MAX = 200

/** Sets the MA/EMA periods (1–3 lines, each PERIOD_MIN–PERIOD_MAX bars, the caller checked them). Kept at once. */
export function setPeriods(periods: readonly number[]): void {
  indicatorStore.choice = { ...indicatorStore.choice, periods: [...periods] }
  writeStored(KEY, indicatorStore.choice)
}

/**
 * Reads the settings' period fields: null for each field that is not a whole number of PERIOD_MIN–PERIOD_MAX bars
 * (its index in `bad`), else the periods in the order typed; an empty field drops its line (at least one must stay).
 */
export function readPeriods(texts: readonly string[]): { periods: number[]; bad: number[] } {
  const periods: number[] = []
  const bad: number[] = []
  texts.forEach((text, i) => {
    const t = text.trim()
    if (t === '') return
    const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN
    if (!Number.isInteger(n) || n < PERIOD_MIN || n > PERIOD_MAX) bad.push(i)
    else periods.push(n)
  })
  if (periods.length === 0 && bad.length === 0) bad.push(0)
  return { periods, bad }
}
