import { Trans } from '@lingui/react/macro'
import './order-form.css'

/** Stands in for the price field of a market order: "At the best market price". */
export function AtMarketNote({ testId }: { testId: string }) {
  return (
    <p className="of-market" data-testid={testId}>
      <Trans id="trade.atMarket">At the best market price</Trans>
    </p>
  )
}
