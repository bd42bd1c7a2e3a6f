/**
 * The futures (lever) calls (issue 12 part 3): placing and cancelling orders, the positions with their live figures,
 * take-profit and stop-loss, closing one or all, the entrusts and the history, the account under cross margin, the
 * public terms of a market and the operator's. Each user call acts on the session's book; calls that move money take
 * the Idempotency-Key header.
 */
import { z } from 'zod'
import { idInput } from '../../../common/api/assets'
import {
  closeAllInput,
  closeAllReportSchema,
  contractAccountSchema,
  contractConfigInput,
  contractHistoryListSchema,
  contractHistoryQuery,
  contractHistorySchema,
  contractMarketQuery,
  contractMarketSchema,
  contractOrderListQuery,
  contractOrderListSchema,
  contractOrderPlaceInput,
  contractOrderSchema,
  positionCloseInput,
  positionSchema,
  positionsQuery,
  positionTpslInput,
} from '../../../common/api/contract'
import { closeAll, closePosition, setTpsl } from '../../trading/contract/close'
import { contractMarketView, contractTerms, saveContractTerms } from '../../trading/contract/config'
import { cancelEntrust } from '../../trading/contract/entrusts'
import { marksFor } from '../../trading/contract/marks'
import { placeContractOrder } from '../../trading/contract/place'
import { accountOf, historyOf, ordersOf, positionsOfUser } from '../../trading/contract/queries'
import { fieldError } from '../../money/amounts'
import { fillMessage } from '../../domain/message'
import type { AppDeps } from '../deps'
import { defineRoute, type ApiRoute } from '../route'

/** What the contract services need, from the app's dependencies. */
function contractDeps(deps: AppDeps) {
  const precision = new Map(deps.market.listings().map((l) => [l.symbol, l.price_precision]))
  return {
    db: deps.db,
    market: deps.market,
    marks: marksFor(deps.market),
    pricePrecision: (symbol: string) => precision.get(symbol) ?? 8,
  }
}

export const contractPlaceRoute = defineRoute({
  method: 'POST',
  path: 'contract/order_place',
  summary:
    'Open a long or short futures position: a market order fills at once at the book VWAP with its margin (notional / leverage) frozen and the taker fee paid; a limit order freezes margin and fee and waits for the feed to trade through its price',
  auth: 'user',
  idempotent: true,
  input: contractOrderPlaceInput,
  data: contractOrderSchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    placeContractOrder(contractDeps(deps), { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const contractCancelRoute = defineRoute({
  method: 'POST',
  path: 'contract/order_cancel',
  summary:
    'Cancel a pending futures order (entrust); the margin and fee held for its unfilled rest become available again (a part already filled stays a position)',
  auth: 'user',
  idempotent: true,
  input: idInput,
  data: contractOrderSchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    cancelEntrust(contractDeps(deps), { userId: session.userId, book: session.book, key: idempotencyKey }, body.id),
})

export const contractPositionsRoute = defineRoute({
  path: 'contract/positions',
  summary:
    "The caller's open positions at the server's mark price: margin, unrealized PnL and the estimated liquidation price under cross margin",
  auth: 'user',
  input: positionsQuery,
  data: z.array(positionSchema),
  handler: ({ deps, session, query }) => positionsOfUser(contractDeps(deps), session, query.symbol),
})

export const contractTpslRoute = defineRoute({
  method: 'POST',
  path: 'contract/position_tpsl',
  summary:
    "Set (a price), remove (null) or keep (absent) an open position's take-profit and stop-loss; both trigger on the mark price",
  auth: 'user',
  input: positionTpslInput,
  data: positionSchema,
  handler: ({ deps, session, body }) => setTpsl(contractDeps(deps), session, body),
})

export const contractCloseRoute = defineRoute({
  method: 'POST',
  path: 'contract/position_close',
  summary:
    'Close one open position at market (book VWAP, taker fee), or with `amount` that part of it (the rest stays open with its TP/SL); answers the closed part as history shows it',
  auth: 'user',
  idempotent: true,
  input: positionCloseInput,
  data: contractHistorySchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    closePosition(
      contractDeps(deps),
      { userId: session.userId, book: session.book, key: idempotencyKey },
      body.id,
      body.amount,
    ),
})

export const contractCloseAllRoute = defineRoute({
  method: 'POST',
  path: 'contract/close_all',
  summary:
    'Close every open position (of one symbol when given) at market, netted in one transaction; what cannot be priced stays open. Answers the closed positions, or with report: true {closed, failed}',
  auth: 'user',
  idempotent: true,
  input: closeAllInput,
  data: z.union([z.array(contractHistorySchema), closeAllReportSchema]),
  handler: async ({ deps, session, body, idempotencyKey, locale }) => {
    const who = { userId: session.userId, book: session.book, key: idempotencyKey }
    const done = await closeAll(contractDeps(deps), who, body.symbol)
    if (!body.report) return done.closed
    const failed = done.failed.map((f) => ({
      id: f.id,
      symbol: f.symbol,
      field: f.field,
      msg: fillMessage(locale, f.key, f.vars),
    }))
    return { closed: done.closed, failed }
  },
})

export const contractOrderListRoute = defineRoute({
  path: 'contract/order_list',
  summary: "The caller's futures orders: open (pending entrusts) or history (filled, cancelled), newest first",
  auth: 'user',
  input: contractOrderListQuery,
  data: contractOrderListSchema,
  handler: ({ deps, session, query }) => ordersOf(deps.db, session, query),
})

export const contractHistoryRoute = defineRoute({
  path: 'contract/history',
  summary:
    "The caller's closed and liquidated positions: close or liquidation price, realized PnL, fees, income, the feed event used",
  auth: 'user',
  input: contractHistoryQuery,
  data: contractHistoryListSchema,
  handler: ({ deps, session, query }) => historyOf(deps.db, session, query),
})

export const contractAccountRoute = defineRoute({
  path: 'contract/account',
  summary:
    'The futures account under cross margin: available, positions margin, order margin, wallet balance, unrealized PnL, equity, maintenance margin',
  auth: 'user',
  data: contractAccountSchema,
  handler: ({ deps, session }) => accountOf(contractDeps(deps), session),
})

export const contractMarketRoute = defineRoute({
  path: 'contract/market_config',
  summary:
    "A market's futures terms as the order form shows them: leverage range, maintenance margin rate, fee rates, smallest order, precisions, open",
  input: contractMarketQuery,
  data: contractMarketSchema,
  handler: async ({ deps, query }) => {
    const terms = await contractTerms(deps.db, query.symbol)
    if (!terms) throw fieldError('symbol', 'marketUnknown')
    return contractMarketView(terms)
  },
})

export const adminContractConfigRoute = defineRoute({
  method: 'POST',
  path: 'admin/contract_config',
  summary:
    "Set a market's futures terms: leverage range, maintenance margin rate, taker and maker fee rates, smallest order, open",
  auth: 'operator',
  input: contractConfigInput,
  data: contractMarketSchema,
  handler: ({ deps, body }) => saveContractTerms(deps.db, body),
})

export const CONTRACT_ROUTES: readonly ApiRoute[] = [
  contractPlaceRoute,
  contractCancelRoute,
  contractPositionsRoute,
  contractTpslRoute,
  contractCloseRoute,
  contractCloseAllRoute,
  contractOrderListRoute,
  contractHistoryRoute,
  contractAccountRoute,
  contractMarketRoute,
  adminContractConfigRoute,
] as readonly ApiRoute[]
