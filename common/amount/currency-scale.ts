/**
 * Decimals of each currency the venue lists (server/market/catalog.ts: bases and quotes of every market), i.e. its
 * smallest unit, so a deposit or transfer is always held exactly. Crypto: the chain's base unit (the token
 * contract's `decimals()` for tokens); fiat: ISO 4217 minor units, capped at LEDGER_SCALE (NEAR). The ledger stores
 * amounts at this scale, so nothing is ever rounded by a column.
 */
import { round, scaleOf, type DecimalString } from './decimal-string'
import { AmountError } from './errors'
import type { RoundingMode } from './rounding'

/**
 * Decimals every amount column holds (NUMERIC(38,18), server/db/schema-ledger.ts): no currency scale exceeds it, and
 * the wire's amount fields (common/api/assets.ts `amountField`) accept no more, so a column never rounds a value.
 */
export const LEDGER_SCALE = 18

/**
 * The most one claim, withdrawal or transfer may carry: 10^12 units of any currency. Above every honest figure (all
 * USDT issued is about 1.4 × 10^11, all BTC 2.1 × 10^7) and far below the columns' 10^20, so no sum of accepted
 * amounts can overflow a balance (it would take 10^8 of them at the cap).
 */
export const MAX_CLAIM_UNITS = '1000000000000'

/** Decimals per currency code; the source of each figure is on its line. */
export const CURRENCY_SCALES = {
  BTC: 8, // satoshi (Bitcoin protocol: 1 BTC = 10^8 sat)
  ETH: 18, // wei (Ethereum yellow paper)
  USDT: 6, // Tether's ERC-20 and TRC-20 contracts: decimals() = 6
  SOL: 9, // lamport (Solana docs: 1 SOL = 10^9 lamports)
  XRP: 6, // drop (XRP Ledger docs: 1 XRP = 10^6 drops)
  DOGE: 8, // koinu (Dogecoin Core, Bitcoin-derived units)
  ADA: 6, // lovelace (Cardano docs: 1 ADA = 10^6 lovelace)
  LTC: 8, // litoshi (Litecoin Core, Bitcoin-derived units)
  DOT: 10, // planck (Polkadot wiki, since the 2020 redenomination)
  AVAX: 18, // C-Chain wei-denominated, as ETH (Avalanche docs)
  LINK: 18, // ERC-20 contract decimals() = 18
  NEAR: 18, // yoctoNEAR is 10^-24 (NEAR docs), but the ledger's columns hold LEDGER_SCALE decimals: 10^-18 NEAR
  USD: 2, // ISO 4217 minor unit
  EUR: 2, // ISO 4217
  GBP: 2, // ISO 4217
  JPY: 0, // ISO 4217
  XAU: 6, // ISO 4217 gives no minor unit for gold (troy ounce); 10^-6 oz (about 31 µg) is our choice
} as const satisfies Record<string, number>

/** A currency code of CURRENCY_SCALES (upper case, as in the catalogue). */
export type CurrencyCode = keyof typeof CURRENCY_SCALES

/** True when `code` is in CURRENCY_SCALES. */
export function isCurrencyCode(code: string): code is CurrencyCode {
  return Object.hasOwn(CURRENCY_SCALES, code)
}

/** Decimals of `code` ("BTC" → 8). @throws AmountError `unknown-currency` for a code not in the table. */
export function currencyScale(code: string): number {
  if (!isCurrencyCode(code)) throw new AmountError('unknown-currency', `unknown currency: ${code.slice(0, 16)}`)
  return CURRENCY_SCALES[code]
}

/**
 * `a` narrowed to `code`'s scale by `mode` ("0.123456789" BTC 'down' → "0.12345678").
 * @throws AmountError `unknown-currency`, or a bad operand or mode.
 */
export function roundToCurrency(a: DecimalString, code: string, mode: RoundingMode): DecimalString {
  return round(a, currencyScale(code), mode)
}

/**
 * `a`, canonical ("100.00" → "100"), when it has no more decimals than `code` allows: for amounts a user typed,
 * which are refused rather than rounded. @throws AmountError `too-many-decimals` ("0.001" USD), `unknown-currency`,
 * or a bad operand.
 */
export function checkCurrencyScale(a: DecimalString, code: string): DecimalString {
  const scale = currencyScale(code)
  if (scaleOf(a) > scale) throw new AmountError('too-many-decimals', `${code} allows at most ${scale} decimals: ${a}`)
  return round(a, scale, 'down') // exact: the value fits, this only writes it canonically
}

/**
 * Decimals a screen shows of an amount of each currency (issue 24 part 2): dollars, euros and pounds and the dollar
 * stablecoins to the cent, yen whole, gold to 10^-4 oz, every crypto currency to at most 8 decimals (Binance, OKX and
 * HTX show balances so; a satoshi for BTC). Display only: the ledger keeps CURRENCY_SCALES, and a screen rounds to
 * this the way money moves (lib/format.ts `formatAmount`: what the user holds or gains down, what is charged up).
 */
export const DISPLAY_SCALES: Readonly<Record<string, number>> = {
  USDT: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  XAU: 4,
}

/** Decimals shown of `code` (DISPLAY_SCALES, else min(8, its scale), 8 for a code not in CURRENCY_SCALES). */
export function displayScale(code: string): number {
  const fixed = DISPLAY_SCALES[code]
  if (fixed !== undefined) return fixed
  return Math.min(8, isCurrencyCode(code) ? CURRENCY_SCALES[code] : 8)
}
