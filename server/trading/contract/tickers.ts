/**
 * GET contract/tickers: every perpetual open for trading with its mark price and estimated funding rate, the rows of
 * the Market tab's Futures list (issue 24 part 1). A perpetual here is a market the futures calls accept: listed by
 * the running source, tradable on contract, quoted in the margin currency, with a contract symbol (`btcusdt`) and
 * terms that are open. The feed's own swap listings (`BTC-USDT`) quote a different series and are not traded.
 */
import type { ContractTickers } from '../../../common/api/contract'
import { symbolField } from '../../../common/api/contract-fields'
import type { Db } from '../../db/client'
import { listMarkets } from '../../db/markets'
import type { MarketService } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractTerms, MARGIN_CURRENCY } from './config'
import type { FundingSampler } from './funding-sampler'
import { marksFor } from './marks'

/**
 * The open perpetuals in the listing's order (operator `sort`), each with its live mark (null when there is none or
 * it is older than the market's price age limit) and the funding estimate of GET contract/funding.
 * @param deps.now wall clock for the mark's age, ms (default Date.now)
 */
export async function contractTickers(deps: {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent' | 'listings'>
  sampler: Pick<FundingSampler, 'estimate' | 'now'>
  now?: () => number
}): Promise<ContractTickers> {
  const listed = deps.market.listings().map((l) => l.symbol)
  const rows = await listMarkets(deps.db, { symbols: listed })
  const candidates = rows.filter(
    (r) => r.tradableContract && r.quote === MARGIN_CURRENCY && symbolField.safeParse(r.symbol).success,
  )
  const marks = marksFor(deps.market)
  const now = deps.now ?? Date.now
  const list = await Promise.all(
    candidates.map(async (r) => {
      const terms = await contractTerms(deps.db, r.symbol)
      if (!terms?.open) return []
      const estimate = await deps.sampler.estimate(r.symbol)
      if (!estimate) return []
      const mark = marks.mark(r.symbol)
      const live = mark !== undefined && isFresh(mark.ts, now(), await priceMaxAgeMs(deps.db, r.symbol))
      return [
        {
          symbol: r.symbol,
          base: terms.base,
          quote: terms.quote,
          mark_price: live ? mark.price : null,
          funding_rate: estimate.rate,
          next_funding_time: estimate.fundingTime,
          max_leverage: terms.maxLeverage,
        },
      ]
    }),
  )
  return { list: list.flat(), time: (await deps.sampler.now()).getTime() }
}

/** How long one process answers contract/tickers from the same computation, ms (the list polls every 5 s). */
export const TICKERS_TTL_MS = 1000

const answered = new WeakMap<object, { at: number; answer: Promise<ContractTickers> }>()

/**
 * contractTickers, computed at most once per TICKERS_TTL_MS per market service: every viewer of the Futures list
 * polls it, and each computation reads every market's terms. A failed computation is not kept.
 */
export function recentContractTickers(deps: Parameters<typeof contractTickers>[0]): Promise<ContractTickers> {
  const now = (deps.now ?? Date.now)()
  const last = answered.get(deps.market)
  if (last && now - last.at < TICKERS_TTL_MS) return last.answer
  const answer = contractTickers(deps)
  answered.set(deps.market, { at: now, answer })
  answer.catch(() => answered.delete(deps.market))
  return answer
}
