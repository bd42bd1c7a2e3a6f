/** What the transfer form needs from the overview: the currencies held anywhere, and a wallet's usable balance. */
import { CURRENCY_SCALES, MAX_SCALE, isCurrencyCode } from '../../../common/amount'
import type { Overview, Wallet } from '../../../common/api/assets'

/** Currencies held in any wallet of the book, USDT first (and offered even when none is held). */
export function transferCurrencies(overview: Overview | null): string[] {
  const held = new Set(['USDT'])
  for (const w of overview?.wallets ?? []) for (const b of w.balances) held.add(b.currency)
  return [...held]
}

/** The usable balance of `currency` in `wallet` ("0" when the wallet holds none). */
export function usableIn(overview: Overview | null, wallet: Wallet, currency: string): string {
  const w = overview?.wallets.find((x) => x.wallet === wallet)
  return w?.balances.find((b) => b.currency === currency)?.available ?? '0'
}

/** Decimals a transfer of `currency` may have: its scale, or the largest any currency has when it is not listed. */
export function transferScale(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCY_SCALES[currency] : MAX_SCALE
}
