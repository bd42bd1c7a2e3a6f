/**
 * Futures risk calls (issue 21 parts 5 and 11): a market's risk-limit tiers and caps and the insurance fund (public,
 * as Binance and OKX publish theirs), and the operator's view of what the platform carries as counterparty.
 */
import {
  contractMarketQuery,
  insuranceQuery,
  insuranceSchema,
  riskLimitsSchema,
  riskOverviewSchema,
} from '../../../common/api/contract'
import { fieldError } from '../../money/amounts'
import { contractTerms } from '../../trading/contract/config'
import { insuranceFund } from '../../trading/contract/insurance'
import { marksFor } from '../../trading/contract/marks'
import { recordedPrices, riskOverview } from '../../trading/contract/risk-overview'
import { riskLimitsView } from '../../trading/contract/risk-terms'
import { defineRoute, type ApiRoute } from '../route'

export const contractRiskLimitsRoute = defineRoute({
  path: 'contract/risk_limits',
  summary:
    "A market's risk-limit tiers (maximum leverage and maintenance margin rate by position notional, with the maintenance amount) and its largest position per account and open interest",
  input: contractMarketQuery,
  data: riskLimitsSchema,
  handler: async ({ deps, query }) => {
    const terms = await contractTerms(deps.db, query.symbol)
    if (!terms) throw fieldError('symbol', 'marketUnknown')
    return riskLimitsView(terms.symbol, terms.quote, terms)
  },
})

export const contractInsuranceRoute = defineRoute({
  path: 'contract/insurance',
  summary:
    'The futures insurance fund of a margin currency: its balance and its balance at the end of each UTC day (the last 90 days)',
  input: insuranceQuery,
  data: insuranceSchema,
  handler: ({ deps, query }) => insuranceFund(deps.db, query.currency),
})

export const adminRiskOverviewRoute = defineRoute({
  path: 'admin/risk_overview',
  summary:
    "What the platform carries as futures counterparty (live book, at the server's marks): open interest and net exposure per market, users' unrealized PnL, insurance, the accounts closest to liquidation, funding",
  auth: 'operator',
  data: riskOverviewSchema,
  handler: async ({ deps }) => {
    const marks = marksFor(deps.market)
    const recorded = await recordedPrices(deps.db)
    return riskOverview(deps.db, (symbol) => marks.mark(symbol)?.price ?? recorded.get(symbol))
  },
})

export const CONTRACT_RISK_ROUTES: readonly ApiRoute[] = [
  contractRiskLimitsRoute,
  contractInsuranceRoute,
  adminRiskOverviewRoute,
] as readonly ApiRoute[]
