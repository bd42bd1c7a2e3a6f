/**
 * The live figures of the open positions between two answers of the server: each position valued at its symbol's
 * mark price as this page computes it from the feed (mark-price.ts, the server's formula), its unrealized PnL, return
 * on margin and estimated liquidation price under cross margin, and the account's totals. Formulas:
 * common/trading/contract-math.ts, the same the server books with.
 */
import { divide, multiply, parseDecimal, round, sign, type DecimalString } from '../../../common/amount'
import type { Position } from '../../../common/api/contract'
import {
  accountFigures,
  liquidationPrice,
  pnlAt,
  type AccountFigures,
  type PositionFigures,
} from '../../../common/trading/contract-math'
import { scaleOfCurrency } from './open-math'

/** One position with its figures now (quote currency). */
export interface LivePosition {
  position: Position
  /** The mark it is valued at: this page's, else the server's last; undefined before either. */
  mark: DecimalString | undefined
  /** Unrealized PnL at `mark`, rounded toward −∞ to the quote's unit (as the server shows it); null without a mark. */
  upnl: DecimalString | null
  /** upnl / margin in percent, 2 decimals (ROE); null without a mark. */
  roe: DecimalString | null
  /** Estimated liquidation price with the other positions at their marks; null when there is none. */
  liquidation: DecimalString | null
}

/** A position as the formulas take it, valued at `mark`. */
export function figuresOf(p: Position, mark: DecimalString | undefined): PositionFigures {
  return {
    side: p.side,
    amount: parseDecimal(p.amount),
    openPrice: parseDecimal(p.open_price),
    margin: parseDecimal(p.margin),
    maintenanceMarginRate: parseDecimal(p.maintenance_margin_rate),
    mark,
    symbol: p.symbol,
  }
}

/**
 * Every position's figures and the account's totals.
 * @param available the contract wallet's available balance (quote currency, contract/account)
 * @param markOf this page's mark price of a symbol, or undefined (the position's `mark_price` is used then)
 * @param pricePrecision decimals of a symbol's prices (the liquidation price is rounded to them, away from the mark)
 * @param currency the margin currency ("USDT"), for the PnL's rounding
 */
export function livePositions(
  positions: readonly Position[],
  available: DecimalString,
  markOf: (symbol: string) => DecimalString | undefined,
  pricePrecision: (symbol: string) => number,
  currency: string,
): { rows: LivePosition[]; account: AccountFigures } {
  const marks = positions.map(
    (p) => markOf(p.symbol) ?? (p.mark_price === null ? undefined : parseDecimal(p.mark_price)),
  )
  const figures = positions.map((p, i) => figuresOf(p, marks[i]))
  const scale = scaleOfCurrency(currency)
  const rows = positions.map((position, i): LivePosition => {
    const f = figures[i]!
    const mark = marks[i]
    const upnl = mark === undefined ? null : round(pnlAt(f.side, f.amount, f.openPrice, mark), scale, 'floor')
    const roe =
      upnl === null || sign(f.margin) <= 0 ? null : divide(multiply(upnl, parseDecimal('100')), f.margin, 2, 'half-up')
    return {
      position,
      mark,
      upnl,
      roe,
      liquidation: liquidationPrice(available, figures, i, pricePrecision(position.symbol)),
    }
  })
  return { rows, account: accountFigures(available, figures) }
}

/** Maintenance margin over equity in percent, 2 decimals: liquidation comes at 100 %. Null when equity ≤ 0. */
export function marginRatio(account: AccountFigures): DecimalString | null {
  if (sign(account.equity) <= 0) return null
  return divide(multiply(account.maintenanceMargin, parseDecimal('100')), account.equity, 2, 'up')
}
