import { Trans } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { systemStore } from '../../state/system'
import { tradesMakeup } from './trades-makeup'

/**
 * A line saying the trades listed are derived from the recording's 1-minute candles, not real trades, when
 * common/config's `market_feed` says so for feed symbol `symbol`; nothing on live feeds, recorded trades or before
 * the first config.
 */
export function DerivedTradesNote({ symbol }: { symbol: string | undefined }) {
  const { config } = useSnapshot(systemStore)
  const makeup = tradesMakeup(config?.market_feed, symbol)
  if (makeup === undefined) return null
  return (
    <p className="trades__derived" role="note" data-makeup={makeup}>
      {makeup === 'derived' ? (
        <Trans id="trades.derivedNote">Derived from 1-minute candles of the recording, not real trades</Trans>
      ) : (
        <Trans id="trades.derivedSomeNote">
          Recorded trades where the recording has them, otherwise derived from 1-minute candles, not real trades
        </Trans>
      )}
    </p>
  )
}
