/** `currency/currency_list`: the listed markets the running source quotes now, in operator `sort` order. */
import { z } from 'zod'
import { currencyListQuery, marketItemSchema } from '../../common/api/public'
import { listMarkets, toMarketItem } from '../db/markets'
import { defineRoute } from './route'

export const currencyListRoute = defineRoute({
  path: 'currency/currency_list',
  summary: 'Markets quoted by the active source (spec §3 dealSymbol fields plus extends), optionally one category.',
  input: currencyListQuery,
  data: z.array(marketItemSchema),
  // The listings of the running source are fixed for the process; the rows change only with a `markets` notice.
  cache: { topics: ['markets'], key: (query) => query.category ?? '' },
  async handler({ deps, query }) {
    const symbols = deps.market.listings().map((l) => l.symbol)
    const rows = await listMarkets(deps.db, { category: query.category, symbols })
    return rows.map(toMarketItem)
  },
})
