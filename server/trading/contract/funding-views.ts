/** Funding as the calls answer it: the estimate of the coming funding time and a user's payments (common/api/contract). */
import { and, count, desc, eq } from 'drizzle-orm'
import { parseDecimal } from '../../../common/amount'
import type { ContractFunding, ContractFundingHistoryQuery, ContractFundingPayment } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { formatUtc } from '../../db/announcements'
import { contractFundingPayments } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import type { FundingSampler } from './funding-sampler'

const text = (v: string) => String(parseDecimal(v))

/**
 * GET contract/funding: the estimated rate at `symbol`'s next funding time.
 * @throws DomainError `marketUnknown` (field symbol) for a symbol without contract terms.
 */
export async function fundingOf(
  sampler: Pick<FundingSampler, 'estimate' | 'now'>,
  symbol: string,
): Promise<ContractFunding> {
  const e = await sampler.estimate(symbol)
  if (!e) throw fieldError('symbol', 'marketUnknown')
  return {
    symbol,
    rate: e.rate,
    next_funding_time: e.fundingTime,
    interest_rate: e.interestRate,
    premium_index: e.premiumIndex,
    time: (await sampler.now()).getTime(),
  }
}

type PaymentRow = typeof contractFundingPayments.$inferSelect

/** One payment. */
export function fundingPaymentView(r: PaymentRow): ContractFundingPayment {
  return {
    id: r.id,
    position_id: r.positionId,
    symbol: r.symbol,
    side: r.side,
    amount: text(r.amount),
    mark_price: text(r.markPrice),
    rate: text(r.rate),
    payment: text(r.payment),
    shortfall: text(r.shortfall),
    funding_time: formatUtc(r.fundingTime),
    funding_ts: r.fundingTime.getTime(),
  }
}

/** GET contract/funding_history: the caller's payments in the session's book, newest first. */
export async function fundingHistoryOf(db: Db, who: { userId: number; book: Book }, q: ContractFundingHistoryQuery) {
  const where = and(
    eq(contractFundingPayments.userId, who.userId),
    eq(contractFundingPayments.book, who.book),
    q.symbol === undefined ? undefined : eq(contractFundingPayments.symbol, q.symbol),
  )
  const rows = await db
    .select()
    .from(contractFundingPayments)
    .where(where)
    .orderBy(desc(contractFundingPayments.fundingTime), desc(contractFundingPayments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(contractFundingPayments).where(where)
  return { list: rows.map(fundingPaymentView), total: total?.n ?? 0, page: q.page, limit: q.limit }
}
