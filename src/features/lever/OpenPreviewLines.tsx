import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatAmount, formatPrice } from '../../lib/format'
import type { OpenPreview } from './open-math'

/**
 * What the order would do, shown before it is sent: the contract wallet's available balance, the expected price of a
 * market order ("≈": the visible book's VWAP, the fill may differ), the notional, the margin it freezes, the fee and
 * the estimated liquidation price with the new position added.
 */
export function OpenPreviewLines({
  preview,
  market,
  quote,
  pricePrecision,
  available,
  locale,
}: {
  preview: OpenPreview
  market: boolean
  quote: string
  pricePrecision: number
  /** Available balance of the contract wallet (quote); null when signed out. */
  available: string | null
  locale: string
}) {
  const approx = market ? '≈ ' : ''
  // The figure never breaks inside; only the currency may go to the next line.
  // Display scale of the quote currency: what the order would charge (margin, fee) rounded up, the rest down.
  const money = (v: string | null, prefix = approx, charge = false) =>
    v === null ? (
      '--'
    ) : (
      <>
        <span className="of-preview__num">
          {prefix}
          {formatAmount(v, quote, locale, { charge })}
        </span>{' '}
        {quote}
      </>
    )
  const price = (v: string | null, prefix = approx) =>
    v === null ? '--' : `${prefix}${formatPrice(v, pricePrecision, locale)}`
  const line = (label: ReactNode, testId: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
  return (
    <dl className="of-preview">
      {line(<Trans id="funds.available">Available</Trans>, 'lever-form-available', money(available, ''))}
      {market &&
        line(<Trans id="trade.expectedPrice">Expected price</Trans>, 'lever-expected-price', price(preview.price))}
      {line(<Trans id="lever.notional">Notional</Trans>, 'lever-notional', money(preview.notional))}
      {line(<Trans id="lever.marginRequired">Margin</Trans>, 'lever-margin', money(preview.margin, approx, true))}
      {line(<Trans id="trade.fee">Fee</Trans>, 'lever-fee', money(preview.fee, approx, true))}
      {line(<Trans id="lever.estLiq">Est. liq. price</Trans>, 'lever-liq', price(preview.liquidation, ''))}
    </dl>
  )
}
