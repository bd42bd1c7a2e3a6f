/**
 * The ledger postings of a subscription, all in the spot (coin) wallet of the order's book. Each has a reference of
 * its own that the ledger keeps unique per kind, so none can ever be posted twice:
 * - `financial_buy` `financial:<id>`: the principal from available to frozen;
 * - `financial_income` `financial:<id>:day:<k>`: day k's income from the platform's counterparty account;
 * - `financial_redeem` `financial:<id>:redeem`: the principal back from frozen to available, at expiry or early (then
 *   less the fee, which goes to the platform's fee account).
 */
import { negate, parseDecimal, sign, subtract, type DecimalString } from '../../../common/amount'
import type { Entry, Posting } from '../../ledger/post'
import type { Accrual, OrderRow } from './income'

type Order = Pick<OrderRow, 'id' | 'userId' | 'book' | 'currency' | 'amount'>

const spot = (o: Order) => ({ userId: o.userId, wallet: 'spot' as const })

/** The principal frozen at purchase. */
export function buyPosting(o: Order): Posting {
  const amount = parseDecimal(o.amount)
  return {
    kind: 'financial_buy',
    book: o.book,
    userId: o.userId,
    reference: `financial:${o.id}`,
    actor: `user:${o.userId}`,
    entries: [
      { owner: spot(o), currency: o.currency, bucket: 'available', amount: negate(amount) },
      { owner: spot(o), currency: o.currency, bucket: 'frozen', amount },
    ],
  }
}

/** Day `day`'s income `income` (> 0). */
export function incomePosting(o: Order, day: number, income: DecimalString): Posting {
  return {
    kind: 'financial_income',
    book: o.book,
    userId: o.userId,
    reference: `financial:${o.id}:day:${day}`,
    actor: 'system',
    entries: [
      { owner: spot(o), currency: o.currency, bucket: 'available', amount: income },
      { owner: { system: 'counterparty' }, currency: o.currency, bucket: 'available', amount: negate(income) },
    ],
  }
}

/** The principal back, less `fee` (early redemption; "0" at expiry) to the fee account. */
export function redeemPosting(o: Order, fee: DecimalString, actor: string): Posting {
  const amount = parseDecimal(o.amount)
  const back = subtract(amount, fee)
  const entries: Entry[] = [{ owner: spot(o), currency: o.currency, bucket: 'frozen', amount: negate(amount) }]
  if (sign(back) > 0) entries.push({ owner: spot(o), currency: o.currency, bucket: 'available', amount: back })
  if (sign(fee) > 0) entries.push({ owner: { system: 'fees' }, currency: o.currency, bucket: 'available', amount: fee })
  return {
    kind: 'financial_redeem',
    book: o.book,
    userId: o.userId,
    reference: `financial:${o.id}:redeem`,
    actor,
    entries,
  }
}

/** The postings of an accrual: one per day with income, and the principal when it has matured. */
export function accrualPostings(a: Accrual): Posting[] {
  const postings: Posting[] = []
  if (sign(a.perDay) > 0) {
    for (let day = a.fromDay; day <= a.toDay; day++) postings.push(incomePosting(a.order, day, a.perDay))
  }
  if (a.matured) postings.push(redeemPosting(a.order, parseDecimal('0'), 'system'))
  return postings
}
