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
