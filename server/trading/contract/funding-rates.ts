/**
 * Fixing the funding rate of each funding time that has passed (contract_funding_rates): for every symbol with open
 * positions, every funding time since its oldest open position (at most FUNDING_LOOKBACK_MS back) up to the funding
 * clock's now gets one row, inserted by the first process to reach it (ON CONFLICT DO NOTHING) and then read by all.
 *
 * The rate comes from this process's samples of the interval (funding-sampler.ts, formula funding-rate.ts); without
 * samples (the process started, or the test clock jumped, after the interval) the premium counts as 0 and the rate is
 * the interest rate. The mark price is the last sample's at most MARK_SAMPLE_MAX_AGE_MS before the funding time, else
 * the current mark (the job then runs late: a process that was down). A symbol without any mark waits.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'
import { contractFundingRates, contractPositions } from '../../db/schema'
import { contractTerms } from './config'
import {
  averagePremium,
  FUNDING_INTEREST_RATE,
  FUNDING_INTERVAL_MS,
  fundingRate,
  fundingTimeAtOrBefore,
} from './funding-rate'
import type { FundingSampler } from './funding-sampler'
import type { MarkBoard } from './marks'

/** Oldest funding time the job still charges, ms before now (a first start on old positions charges a week at most). */
export const FUNDING_LOOKBACK_MS = 7 * 86_400_000
/** A sample this close before a funding time gives its mark price, ms. */
export const MARK_SAMPLE_MAX_AGE_MS = 60_000

export type FundingRateRow = typeof contractFundingRates.$inferSelect

/** The rate, premium, mark and sample count for `symbol` at `fundingTime`; undefined without a mark. */
export async function rateAt(
  db: Db,
  sampler: Pick<FundingSampler, 'samplesFor'>,
  marks: Pick<MarkBoard, 'mark'>,
  symbol: string,
  fundingTime: number,
): Promise<Omit<FundingRateRow, 'createdAt' | 'settledAt'> | undefined> {
  const terms = await contractTerms(db, symbol)
  if (!terms) return undefined
  const list = sampler.samplesFor(symbol, fundingTime)
  const premium = averagePremium(list.map((s) => s.premium))
  const last = list[list.length - 1]
  const mark: DecimalString | undefined =
    last && fundingTime - last.t <= MARK_SAMPLE_MAX_AGE_MS ? last.mark : marks.mark(symbol)?.price
  if (!mark) return undefined
  return {
    symbol,
    fundingTime: new Date(fundingTime),
    rate: fundingRate(premium, terms.maintenanceMarginRate),
    premiumIndex: premium,
    interestRate: parseDecimal(FUNDING_INTEREST_RATE),
    markPrice: mark,
    samples: list.length,
  }
}

/**
 * Inserts the missing rate rows of every funding time due by `now` for the symbols with open positions; answers how
 * many it inserted (another process may have inserted some first: those are kept).
 */
export async function fixDueRates(
  db: Db,
  sampler: Pick<FundingSampler, 'samplesFor'>,
  marks: Pick<MarkBoard, 'mark'>,
  now: Date,
): Promise<number> {
  const latest = fundingTimeAtOrBefore(now.getTime())
  const floor = latest - FUNDING_LOOKBACK_MS
  const open = await db
    .select({
      symbol: contractPositions.symbol,
      since: sql<number>`(extract(epoch from min(${contractPositions.openedAt})) * 1000)::float8`,
    })
    .from(contractPositions)
    .where(eq(contractPositions.status, 'open'))
    .groupBy(contractPositions.symbol)
  if (open.length === 0) return 0
  const known = await db
    .select({ symbol: contractFundingRates.symbol, t: contractFundingRates.fundingTime })
    .from(contractFundingRates)
    .where(
      and(
        inArray(
          contractFundingRates.symbol,
          open.map((o) => o.symbol),
        ),
        gte(contractFundingRates.fundingTime, new Date(floor)),
      ),
    )
  const have = new Set(known.map((k) => `${k.symbol}@${k.t.getTime()}`))
  let inserted = 0
  for (const { symbol, since } of open) {
    const first = Math.max(fundingTimeAtOrBefore(Number(since)) + FUNDING_INTERVAL_MS, floor)
    for (let t = first; t <= latest; t += FUNDING_INTERVAL_MS) {
      if (have.has(`${symbol}@${t}`)) continue
      const row = await rateAt(db, sampler, marks, symbol, t)
      if (!row) break
      const done = await db
        .insert(contractFundingRates)
        .values(row)
        .onConflictDoNothing()
        .returning({ symbol: contractFundingRates.symbol })
      inserted += done.length
    }
  }
  return inserted
}

/** The rates not settled yet, oldest funding time first. */
export function unsettledRates(db: Db): Promise<FundingRateRow[]> {
  return db
    .select()
    .from(contractFundingRates)
    .where(sql`${contractFundingRates.settledAt} is null`)
    .orderBy(contractFundingRates.fundingTime, contractFundingRates.symbol)
}

/** Marks a rate settled: every position due at it has been paid. */
export async function settleRate(db: Db, r: Pick<FundingRateRow, 'symbol' | 'fundingTime'>): Promise<void> {
  await db
    .update(contractFundingRates)
    .set({ settledAt: new Date() })
    .where(and(eq(contractFundingRates.symbol, r.symbol), eq(contractFundingRates.fundingTime, r.fundingTime)))
}
