/**
 * The funding calls (issue 21 part 6): the estimated funding rate of a perpetual and its next funding time (public),
 * and the caller's funding payments (the futures history's funding tab).
 */
import {
  contractFundingHistoryQuery,
  contractFundingHistorySchema,
  contractFundingQuery,
  contractFundingSchema,
  contractTickersSchema,
} from '../../../common/api/contract'
import { fundingSamplerFor } from '../../trading/contract/funding-sampler'
import { fundingHistoryOf, fundingOf } from '../../trading/contract/funding-views'
import { recentContractTickers } from '../../trading/contract/tickers'
import { defineRoute, type ApiRoute } from '../route'

export const contractFundingRoute = defineRoute({
  path: 'contract/funding',
  summary:
    "A perpetual's estimated funding rate at its next funding time (every 8 h: 00:00, 08:00, 16:00 UTC): rate = premium_index + clamp(interest_rate − premium_index, ±0.05 %), capped at ±0.75 × the maintenance margin rate (Binance's formula); a positive rate: longs pay shorts. Decimal fractions; next_funding_time epoch ms",
  input: contractFundingQuery,
  data: contractFundingSchema,
  handler: ({ deps, query }) => fundingOf(fundingSamplerFor({ db: deps.db, market: deps.market }), query.symbol),
})

export const contractTickersRoute = defineRoute({
  path: 'contract/tickers',
  summary:
    "Every perpetual open for trading, in the listing's order: contract symbol, currencies, the server's mark price (null while it has no live mark), the estimated funding rate and next funding time (as contract/funding), the first tier's maximum leverage",
  data: contractTickersSchema,
  handler: ({ deps }) =>
    recentContractTickers({
      db: deps.db,
      market: deps.market,
      sampler: fundingSamplerFor({ db: deps.db, market: deps.market }),
    }),
})

export const contractFundingHistoryRoute = defineRoute({
  path: 'contract/funding_history',
  summary:
    "The caller's funding payments, newest first: position, size, mark price and rate at the funding time, payment (negative: paid), shortfall",
  auth: 'user',
  input: contractFundingHistoryQuery,
  data: contractFundingHistorySchema,
  handler: ({ deps, session, query }) => fundingHistoryOf(deps.db, session, query),
})

/** The funding calls, registered beside CONTRACT_ROUTES. */
export const FUNDING_ROUTES: readonly ApiRoute[] = [
  contractFundingRoute,
  contractTickersRoute,
  contractFundingHistoryRoute,
] as readonly ApiRoute[]
