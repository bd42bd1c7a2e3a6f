/**
 * Funding of perpetuals (issue 21 part 6): the public estimate and the caller's payments. Rates are fractions per
 * 8-hour interval; times epoch ms; money decimal strings (USDT). The formula is server/trading/contract/funding-rate.ts.
 */
import * as z from 'zod/mini'
import { CONTRACT_SIDES, limitField, money, pageField, symbolField } from './contract-fields'

/** GET contract/funding (public): a perpetual's funding (issue 21 part 6). */
export const contractFundingQuery = z.object({ symbol: symbolField })

/**
 * The estimated funding rate of the coming funding time (every 8 h: 00:00, 08:00, 16:00 UTC) from the premium
 * samples of the interval so far: rate = premium_index + clamp(interest_rate − premium_index, −0.05 %, +0.05 %),
 * capped at ±0.75 × the maintenance margin rate (Binance's formula). Fractions per interval (0.0001 = 0.01 %); a
 * positive rate: longs pay shorts. `next_funding_time` epoch ms.
 */
export const contractFundingSchema = z.object({
  symbol: z.string(),
  rate: money,
  next_funding_time: z.int(),
  interest_rate: money,
  premium_index: money,
  /** The server's funding clock now, epoch ms: a countdown runs against it, not against the device's clock. */
  time: z.int(),
})
export type ContractFunding = z.infer<typeof contractFundingSchema>

/**
 * One open perpetual as GET contract/tickers (public) answers it: what the Market tab's Futures list shows (issue 24
 * part 1), modelled on Binance's `GET /fapi/v1/premiumIndex` (markPrice, lastFundingRate, nextFundingTime).
 * - `symbol`: the contract symbol the futures calls take (`btcusdt`); `base`/`quote` its currencies.
 * - `mark_price`: the server's mark price (quote currency), what positions are valued and liquidated at; null while
 *   the market has no live mark (no book yet, or older than the market's price age limit).
 * - `funding_rate`: the estimated rate of the coming funding time, fraction per 8 h (as GET contract/funding);
 *   `next_funding_time` epoch ms on the funding clock.
 * - `max_leverage`: the largest leverage of the market's first risk tier.
 */
export const contractTickerSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  mark_price: z.nullable(money),
  funding_rate: money,
  next_funding_time: z.int(),
  max_leverage: z.int(),
})
export type ContractTicker = z.infer<typeof contractTickerSchema>

/** GET contract/tickers: every perpetual open for trading, in the listing's order; `time` the funding clock (ms). */
export const contractTickersSchema = z.object({ list: z.array(contractTickerSchema), time: z.int() })
export type ContractTickers = z.infer<typeof contractTickersSchema>

/** GET contract/funding_history: the caller's funding payments, newest first (of one symbol when given). */
export const contractFundingHistoryQuery = z.object({
  symbol: z.optional(symbolField),
  page: pageField,
  limit: limitField,
})
export type ContractFundingHistoryQuery = z.infer<typeof contractFundingHistoryQuery>

/**
 * One funding payment of one position: `payment` signed from the user's side (negative: paid), quote currency;
 * `shortfall` what the position owed beyond its balance and margin (not paid); `funding_time` `YYYY-MM-DD HH:mm:ss`
 * UTC and `funding_ts` epoch ms.
 */
export const contractFundingPaymentSchema = z.object({
  id: z.int(),
  position_id: z.int(),
  symbol: z.string(),
  side: z.enum(CONTRACT_SIDES),
  amount: money,
  mark_price: money,
  rate: money,
  payment: money,
  shortfall: money,
  funding_time: z.string(),
  funding_ts: z.number(),
})
export type ContractFundingPayment = z.infer<typeof contractFundingPaymentSchema>

export const contractFundingHistorySchema = z.object({
  list: z.array(contractFundingPaymentSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})
