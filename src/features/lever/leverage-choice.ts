/**
 * The leverage last chosen per futures market, kept on the device (localStorage `LEVER_LEVERAGE`: `{ btcusdt: 20 }`),
 * so the form opens at it after a reload or a switch of pair (issue 24 part 8), as the Binance and OKX apps do. A
 * preference, not the user's data: it stays at logout. Read back through a guard; the form clamps it to the market's
 * range, which may have changed since.
 */
import { readStored, writeStored } from '../../state/storage'

const KEY = 'LEVER_LEVERAGE'

type Choices = Record<string, number>

const isChoices = (v: unknown): v is Choices =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((n) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 1000)

/** The leverage last chosen for `symbol` (e.g. `btcusdt`), or undefined when none is kept. */
export function rememberedLeverage(symbol: string): number | undefined {
  return readStored(KEY, isChoices, {})[symbol]
}

/** Keeps `leverage` as `symbol`'s choice. */
export function rememberLeverage(symbol: string, leverage: number): void {
  writeStored(KEY, { ...readStored(KEY, isChoices, {}), [symbol]: leverage })
}
