/** Futures orders, positions, history and the account as the calls answer them (common/api/contract). */
import { add, parseDecimal, round, subtract, type DecimalString } from '../../../common/amount'
import type {
  CloseOrder,
  ContractAccount,
  ContractHistory,
  ContractOrder,
  Position,
} from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import { accountFigures, liquidationPrice, pnlAt, type PositionFigures } from '../../../common/trading/contract-math'
import { currencyScale } from '../../../common/amount'
import { formatUtc } from '../../db/announcements'
import type { contractCloseOrders, contractOrders } from '../../db/schema'
import type { PositionRow } from './account'
import { MARGIN_CURRENCY } from './config'
import type { OrderEventKind } from '../../../common/api/stream'
import { orderEvent, positionEvent, type UserEventOf } from '../../stream/trading-events'

export type ContractOrderRow = typeof contractOrders.$inferSelect
export type CloseOrderRow = typeof contractCloseOrders.$inferSelect

const text = (v: string) => String(parseDecimal(v))
const maybe = (v: string | null) => (v === null ? null : text(v))

type FeedColumns = Pick<
  ContractOrderRow,
  'feedSource' | 'feedTopic' | 'feedTs' | 'feedPrice' | 'feedRef' | 'feedRecorded'
>

/** The feed event stored on a row, or null when it has none yet. */
function feedEventOf(r: FeedColumns): FeedEvent | null {
  if (!r.feedSource || !r.feedTopic || !r.feedTs || r.feedPrice === null || !r.feedRef) return null
  return {
    source: r.feedSource,
    topic: r.feedTopic,
    ts: r.feedTs.getTime(),
    price: text(r.feedPrice),
    ref: r.feedRef,
    recorded: r.feedRecorded,
  }
}

/** An entrust. */
export function contractOrderView(r: ContractOrderRow): ContractOrder {
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    price: maybe(r.price),
    amount: text(r.amount),
    filled_amount: text(r.filledAmount),
    leverage: r.leverage,
    margin: text(r.margin),
    fee: text(r.fee),
    tp: maybe(r.tp),
    sl: maybe(r.sl),
    status: r.status,
    fill_price: maybe(r.fillPrice),
    position_id: r.positionId,
    client_oid: r.clientOid,
    created_at: formatUtc(r.createdAt),
    filled_at: r.filledAt ? formatUtc(r.filledAt) : null,
    feed_event: feedEventOf(r),
  }
}

/** The `orders` event `event` of futures opening order `r` (kind `futures`, its `order` as `contractOrderView`). */
export function futuresOrderEvent(event: OrderEventKind, r: ContractOrderRow): UserEventOf {
  return orderEvent(r.userId, r.book, event, 'futures', r.symbol, contractOrderView(r))
}

/**
 * The `positions` event of closed or liquidated position row `p` (`closed` or `liquidated` by its status), its
 * `position` as `contract/history` shows it, with its close price and the feed event time (ms) that closed it.
 */
export function closedPositionEvent(p: PositionRow): UserEventOf {
  const price = p.closePrice === null ? null : text(p.closePrice)
  return positionEvent(
    p.userId,
    p.book,
    p.status === 'liquidated' ? 'liquidated' : 'closed',
    p.symbol,
    historyView(p),
    {
      price,
      feedTs: p.feedTs ? p.feedTs.getTime() : null,
    },
  )
}

/** A reduce-only order as the API answers it. */
export function closeOrderView(o: CloseOrderRow): CloseOrder {
  return {
    id: o.id,
    position_id: o.positionId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : parseDecimal(o.price),
    amount: parseDecimal(o.amount),
    filled: parseDecimal(o.filled),
    status: o.status,
    reduce_only: true,
    created_at: formatUtc(o.createdAt),
    updated_at: formatUtc(o.updatedAt),
  }
}

/** The `orders` event `event` of reduce-only order `o` (kind `close`, its `order` as `closeOrderView`). */
export function closeOrderEvent(event: OrderEventKind, o: CloseOrderRow): UserEventOf {
  return orderEvent(o.userId, o.book, event, 'close', o.symbol, closeOrderView(o))
}

/** The formulas' view of a position row at `mark`. */
export function figuresOf(p: PositionRow, mark: DecimalString | undefined): PositionFigures {
  return {
    side: p.side,
    amount: parseDecimal(p.amount),
    openPrice: parseDecimal(p.openPrice),
    margin: parseDecimal(p.margin),
    maintenanceMarginRate: parseDecimal(p.maintenanceMarginRate),
    maintenanceAmount: parseDecimal(p.maintenanceAmount),
    mark,
    symbol: p.symbol,
  }
}

/**
 * The account's open positions with their figures at `markOf`'s marks; `pricePrecision` of each symbol sets the
 * liquidation price's decimals.
 */
export function positionViews(
  rows: readonly PositionRow[],
  available: DecimalString,
  markOf: (symbol: string) => DecimalString | undefined,
  pricePrecision: (symbol: string) => number,
): Position[] {
  const figures = rows.map((p) => figuresOf(p, markOf(p.symbol)))
  const scale = currencyScale(MARGIN_CURRENCY)
  return rows.map((p, i) => {
    const f = figures[i]!
    const liq = liquidationPrice(available, figures, i, pricePrecision(p.symbol))
    return {
      id: p.id,
      symbol: p.symbol,
      side: p.side,
      amount: f.amount,
      leverage: p.leverage,
      margin: f.margin,
      open_price: f.openPrice,
      mark_price: f.mark ?? null,
      liquidation_price: liq,
      tp: maybe(p.tp),
      sl: maybe(p.sl),
      unrealized_pnl: f.mark ? round(pnlAt(p.side, f.amount, f.openPrice, f.mark), scale, 'floor') : null,
      maintenance_margin_rate: f.maintenanceMarginRate,
      open_time: formatUtc(p.openedAt),
    }
  })
}

/** A closed or liquidated position. */
export function historyView(p: PositionRow): ContractHistory {
  const pnl = parseDecimal(p.realizedPnl ?? '0')
  const fee = add(parseDecimal(p.openFee), parseDecimal(p.closeFee ?? '0'))
  const insurance = parseDecimal(p.insurancePaid ?? '0')
  const liquidated = p.status === 'liquidated'
  const close = maybe(p.closePrice)
  return {
    id: p.id,
    symbol: p.symbol,
    side: p.side,
    amount: text(p.amount),
    leverage: p.leverage,
    margin: text(p.margin),
    open_price: text(p.openPrice),
    close_price: liquidated ? null : close,
    liquidation_price: liquidated ? close : null,
    close_reason: p.closeReason ?? 'manual',
    realized_pnl: pnl,
    fee,
    income: add(subtract(pnl, fee), insurance),
    insurance_paid: insurance,
    state: liquidated ? 'liquidated' : 'closed',
    open_time: formatUtc(p.openedAt),
    close_time: p.closedAt ? formatUtc(p.closedAt) : formatUtc(p.openedAt),
    feed_event: feedEventOf(p)!,
    mark_inputs: p.markInputs ?? null,
  }
}

/** The account's cross-margin figures. */
export function accountView(
  rows: readonly PositionRow[],
  wallet: { available: DecimalString; frozen: DecimalString },
  markOf: (symbol: string) => DecimalString | undefined,
): Omit<ContractAccount, 'max_transfer_out'> {
  const f = accountFigures(
    wallet.available,
    rows.map((p) => figuresOf(p, markOf(p.symbol))),
  )
  const scale = currencyScale(MARGIN_CURRENCY)
  return {
    currency: MARGIN_CURRENCY,
    available: wallet.available,
    position_margin: f.positionMargin,
    order_margin: subtract(wallet.frozen, f.positionMargin),
    wallet_balance: f.walletBalance,
    unrealized_pnl: round(f.unrealizedPnl, scale, 'floor'),
    equity: round(f.equity, scale, 'floor'),
    maintenance_margin: round(f.maintenanceMargin, scale, 'up'),
  }
}
