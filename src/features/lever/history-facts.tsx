/** The facts of a closed or liquidated position (spec §3 "Contract history"), for its row and its detail. */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { sign, parseDecimal } from '../../../common/amount'
import type { ContractHistory } from '../../../common/api/contract'
import { formatUtcDateTime } from '../../lib/dates'
import type { Fact } from './Facts'
import { formatLeverPrice } from './format'
import type { PairInfo } from './pair-info'
import { formatAmount, formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * The row's facts: quantity, opening price, close or liquidation average price, realized PnL, fee, income and close
 * time; with `full`, also margin, the insurance's share (when it paid) and open time.
 */
export function historyFacts(h: ContractHistory, info: PairInfo, i18n: I18n, full = false): Fact[] {
  const loc = i18n.locale
  const price = (v: string | null) => formatLeverPrice(v, info.precision, loc)
  const money = (v: string, signed = false, charge = false) =>
    `${formatAmount(v, info.quote, loc, { signed, charge })} ${info.quote}`
  const trended = (v: string) => <span className={`trend--${TREND[trendOf(v)]}`}>{money(v, true)}</span>
  const liquidated = h.state === 'liquidated'
  const insured = sign(parseDecimal(h.insurance_paid)) > 0
  return [
    [
      'size',
      i18n._(msg({ id: 'lever.size', message: 'Size' })),
      `${formatMoney(h.amount, loc, { minScale: 0 })} ${info.base}`,
    ],
    ['margin', i18n._(msg({ id: 'lever.margin', message: 'Margin' })), full ? money(h.margin) : null],
    ['open-price', i18n._(msg({ id: 'lever.openPrice', message: 'Open price' })), price(h.open_price)],
    liquidated
      ? [
          'close-price',
          i18n._(msg({ id: 'lever.liqAvgPrice', message: 'Liquidation avg. price' })),
          price(h.liquidation_price),
        ]
      : ['close-price', i18n._(msg({ id: 'lever.closeAvgPrice', message: 'Close avg. price' })), price(h.close_price)],
    ['realized-pnl', i18n._(msg({ id: 'lever.realizedPnl', message: 'Realized PnL' })), trended(h.realized_pnl)],
    ['fee', i18n._(msg({ id: 'trade.fee', message: 'Fee' })), money(h.fee, false, true)],
    [
      'insurance',
      i18n._(msg({ id: 'lever.insurancePaid', message: 'Paid by insurance' })),
      insured ? money(h.insurance_paid) : null,
    ],
    ['income', i18n._(msg({ id: 'lever.income', message: 'Income' })), trended(h.income)],
    [
      'open-time',
      i18n._(msg({ id: 'lever.openTime', message: 'Open time' })),
      full ? formatUtcDateTime(h.open_time) : null,
    ],
    ['close-time', i18n._(msg({ id: 'lever.closeTime', message: 'Close time' })), formatUtcDateTime(h.close_time)],
  ]
}
