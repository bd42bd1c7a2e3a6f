/**
 * Today's income (issue 24 part 4): GET assets/daily_income, and the parts it is the sum of. Defined on the server
 * (server/money/daily-income.ts) from the ledger and the marks, since 00:00 in the user's time zone, per wallet and
 * in all, in USDT at the current prices. What moved money in or out (deposits, withdrawals with their fees,
 * transfers between wallets, demo top-ups) is not income.
 */
import * as z from 'zod/mini'
import { WALLETS } from './assets'

/**
 * The parts of a day's income, each in USDT (signed):
 * - `holdings`: the price change since 00:00 of the coins each wallet held then, and since they moved of the coins
 *   moved in or out today (USDT's is 0);
 * - `trading`: spot fills since 00:00, worth now what they bought less what they paid (their fees under `fees`);
 * - `realized_pnl`: futures positions closed or liquidated since 00:00 (before fees);
 * - `unrealized_pnl`: the change of the open futures positions' unrealized PnL (at the marks) since 00:00;
 * - `funding`: funding paid (−) and received (+);
 * - `options`: second contracts' results (payouts less stakes, before fees);
 * - `yield`: yield products' income credited;
 * - `fees`: every trading, futures, options and early-redemption fee paid, and a liquidation's clearance fee (−).
 */
export const INCOME_PARTS = [
  'holdings',
  'trading',
  'realized_pnl',
  'unrealized_pnl',
  'funding',
  'options',
  'yield',
  'fees',
] as const
export type IncomePart = (typeof INCOME_PARTS)[number]

/**
 * An IANA time zone ("Asia/Tokyo", "UTC"): the day starts at its 00:00. 1–64 characters of letters, digits and
 * `/_+-`; a name the server's time-zone database does not know is refused naming `tz`.
 */
export const timeZoneField = z.string().check(z.regex(/^[A-Za-z0-9/_+-]{1,64}$/))

/** GET assets/daily_income?tz=… (default UTC). */
export const dailyIncomeQuery = z.object({ tz: z.optional(timeZoneField) })

const usdt = z.string()
const partsSchema = z.object(Object.fromEntries(INCOME_PARTS.map((p) => [p, usdt])) as Record<IncomePart, typeof usdt>)

/**
 * One wallet's income, 2 decimals: its exact sum rounded toward −∞; its parts rounded toward −∞ with the cents left
 * shared by largest remainder, so they add up to it.
 */
export const walletIncomeSchema = z.object({
  wallet: z.enum(WALLETS),
  income_usdt: usdt,
  parts: partsSchema,
})
export type WalletIncome = z.infer<typeof walletIncomeSchema>

/** The answer: since when (epoch ms, 00:00 in `time_zone`), the total and its parts, per wallet. */
export const dailyIncomeSchema = z.object({
  since: z.int(),
  time_zone: z.string(),
  /** Σ of the wallets' incomes = Σ of `parts`. */
  income_usdt: usdt,
  parts: partsSchema,
  wallets: z.array(walletIncomeSchema),
  /**
   * False when a price was missing (a coin without a USDT market, a market without a price at 00:00 in the candles
   * held): that coin's change is left out, and the screen says the figure is incomplete.
   */
  complete: z.boolean(),
})
export type DailyIncome = z.infer<typeof dailyIncomeSchema>
