/**
 * Currency and network choices from a list of currency/chain pairs (deposit or withdrawal options): the currencies
 * in the server's order, the chains of one currency, and the pair shown first (USDT when offered, else the first).
 */
import type { Chain } from '../../../common/api/assets'

/** A currency/chain pair. */
export interface Pair {
  currency: string
  chain: Chain
}

/** A user's choice so far; null fields are picked by `resolvePick`. */
export interface Pick {
  currency: string | null
  chain: Chain | null
}

/** Distinct currencies of `options`, first-seen order. */
export function currenciesOf(options: readonly Pair[]): string[] {
  return [...new Set(options.map((o) => o.currency))]
}

/** Chains `currency` is offered on, in the options' order. */
export function chainsOf(options: readonly Pair[], currency: string | null): Chain[] {
  return options.filter((o) => o.currency === currency).map((o) => o.chain)
}

/**
 * The option `pick` designates: its currency (else USDT, else the first) and its chain on that currency (else the
 * currency's first). Undefined when there are no options.
 */
export function resolvePick<T extends Pair>(options: readonly T[], pick: Pick): T | undefined {
  const currencies = currenciesOf(options)
  const currency =
    (pick.currency !== null && currencies.includes(pick.currency) ? pick.currency : null) ??
    (currencies.includes('USDT') ? 'USDT' : currencies[0])
  const ofCurrency = options.filter((o) => o.currency === currency)
  return ofCurrency.find((o) => o.chain === pick.chain) ?? ofCurrency[0]
}
