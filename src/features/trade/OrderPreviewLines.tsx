import { Trans } from '@lingui/react/macro'
import { formatAmount, formatPrice } from '../../lib/format'
import type { Money, OrderPreview } from './order-math'

/**
 * What the order would do, shown before it is sent: the usable balance of the currency it spends, the transaction
 * amount ("≈" for a market order, and for a limit order crossing the book: priced at the visible book, the fill may
 * differ) and the fee in the currency received (the taker rate for what executes at once).
 */
export function OrderPreviewLines({
  preview,
  market,
  quote,
  pricePrecision,
  available,
  locale,
}: {
  preview: OrderPreview
  market: boolean
  quote: string
  pricePrecision: number
  /** Usable balance of the currency spent (decimal string); null when signed out. */
  available: { amount: string; currency: string } | null
  locale: string
}) {
  // The figure never breaks inside; only the currency may go to the next line. Each at its currency's display scale:
  // what the order charges (the fee, a buy's total) rounded up, the rest down.
  const figure = (amount: string, currency: string, prefix = '', charge = false) => (
    <>
      <span className="of-preview__num">
        {prefix}
        {formatAmount(amount, currency, locale, { charge })}
      </span>{' '}
      {currency}
    </>
  )
  const estimate = market || preview.crosses === true
  const money = (m: Money | null, charge: boolean) =>
    m ? figure(m.amount, m.currency, estimate ? '≈ ' : '', charge) : '--'
  const buying = preview.spend?.currency === quote
  return (
    <dl className="of-preview">
      <div>
        <dt>
          <Trans id="funds.available">Available</Trans>
        </dt>
        <dd data-testid="trade-available">{available ? figure(available.amount, available.currency) : '--'}</dd>
      </div>
      {market && (
        <div>
          <dt>
            <Trans id="trade.expectedPrice">Expected price</Trans>
          </dt>
          <dd data-testid="trade-expected-price">
            {preview.price ? `≈ ${formatPrice(preview.price, pricePrecision, locale)}` : '--'}
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Trans id="trade.total">Transaction amount</Trans>
        </dt>
        <dd data-testid="trade-total">
          {money(preview.total ? { amount: preview.total, currency: quote } : null, buying)}
        </dd>
      </div>
      <div>
        <dt>
          <Trans id="trade.fee">Fee</Trans>
        </dt>
        <dd data-testid="trade-fee">{money(preview.fee, true)}</dd>
      </div>
    </dl>
  )
}
