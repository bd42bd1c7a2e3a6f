/**
 * The figures of a subscription, exact (common/amount), by the rules of issue 12 part 2:
 * - day k's income (k = 1 … cycle_days) falls due at bought_at + k days and is principal × daily rate, rounded DOWN to
 *   the currency's smallest unit (the platform never pays a fraction of a unit it does not have);
 * - the principal comes back at expiry, bought_at + cycle_days days, together with the last day's income;
 * - an early redemption costs principal × early-redemption fee rate, rounded UP to the currency's unit (the fee
 *   announced is never undercharged by rounding).
 */
import { currencyScale, multiply, parseDecimal, round, sign, type DecimalString } from '../../../common/amount'
import type { financialOrders } from '../../db/schema'
import { DAY_MS } from './clock'

export type OrderRow = typeof financialOrders.$inferSelect

const d = parseDecimal

/** One day's income of `amount` at `dailyRate`, in `currency` (rounded down to its unit; may be 0). */
export function dailyIncome(amount: DecimalString, dailyRate: DecimalString, currency: string): DecimalString {
  return round(multiply(amount, dailyRate), currencyScale(currency), 'down')
}

/** The fee of redeeming early (common/earn.ts: the app shows the same figure before the user confirms). */
export { earlyFee } from '../../../common/earn'

/** Whole days elapsed from `boughtAt` to `now`, at most `cycleDays` (0 before the first day is up). */
export function dueDays(boughtAt: Date, now: Date, cycleDays: number): number {
  const days = Math.floor((now.getTime() - boughtAt.getTime()) / DAY_MS)
  return Math.max(0, Math.min(cycleDays, days))
}

/** When day `daysPaid + 1` falls due; null once every day is paid (the order is then redeemed). */
export function nextIncomeAt(boughtAt: Date, daysPaid: number, cycleDays: number): Date | null {
  return daysPaid >= cycleDays ? null : new Date(boughtAt.getTime() + (daysPaid + 1) * DAY_MS)
}

/** What falls due for an in-progress order by `now`: the days to pay, their income, and whether it has matured. */
export interface Accrual {
  order: OrderRow
  /** Days to pay now: days_paid + 1 … `toDay`. */
  fromDay: number
  toDay: number
  /** One day's income (the same every day: the terms are fixed at purchase). */
  perDay: DecimalString
  /** perDay × days paid now. */
  income: DecimalString
  /** Every day paid: the principal comes back too. */
  matured: boolean
  next: Date | null
}

/** What is due on `order` by `now`, or null when nothing is (or it is no longer in progress). */
export function accrualOf(order: OrderRow, now: Date): Accrual | null {
  if (order.status !== 'in_progress') return null
  const toDay = dueDays(order.boughtAt, now, order.cycleDays)
  if (toDay <= order.daysPaid) return null
  const perDay = dailyIncome(d(order.amount), d(order.dailyRate), order.currency)
  const days = toDay - order.daysPaid
  return {
    order,
    fromDay: order.daysPaid + 1,
    toDay,
    perDay,
    income: sign(perDay) > 0 ? multiply(perDay, d(String(days))) : d('0'),
    matured: toDay >= order.cycleDays,
    next: nextIncomeAt(order.boughtAt, toDay, order.cycleDays),
  }
}
