import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { TICKER_FREQ_MS } from '../../../common/constants'
import type { MarketItem } from '../../../common/market'
import { useTickers } from '../../engine'
import { formatChange, formatPrice } from '../../lib/format'
import { Sheet } from '../../ui/Sheet'
import { ChangePill } from './ChangePill'
import { CoinLogo } from './CoinLogo'
import { MarketSearch } from './MarketSearch'
import { matchesQuery, pairName } from './market-model'

/**
 * The pairs a trading screen offers (spot, options, futures), in a bottom sheet: a search field, then each pair with
 * its last price and 24 h change (issue 24 part 1); the current one marked. Tickers are followed only while open.
 */
export function PairSheet({
  open,
  markets,
  value,
  onSelect,
  onClose,
  title,
}: {
  open: boolean
  markets: readonly MarketItem[]
  /** Feed symbol of the current pair. */
  value: string
  onSelect: (market: MarketItem) => void
  onClose: () => void
  /** The sheet's title (default "Trading pair"). */
  title?: string
}) {
  const { t } = useLingui()
  const heading = title ?? t({ id: 'micro.pickPair', message: 'Trading pair' })
  return (
    <Sheet open={open} title={heading} onClose={onClose}>
      <PairList markets={markets} value={value} onSelect={onSelect} label={heading} />
    </Sheet>
  )
}

function PairList({
  markets,
  value,
  onSelect,
  label,
}: {
  markets: readonly MarketItem[]
  value: string
  onSelect: (market: MarketItem) => void
  label: string
}) {
  const { i18n } = useLingui()
  const [query, setQuery] = useState('')
  const shown = useMemo(() => markets.filter((m) => matchesQuery(m, query)), [markets, query])
  const tickers = useTickers(
    useMemo(() => markets.map((m) => m.extends), [markets]),
    TICKER_FREQ_MS,
  )
  return (
    <>
      <MarketSearch value={query} onChange={setQuery} />
      {shown.length === 0 ? (
        <p className="pair-list__empty" role="status">
          <Trans id="market.noMatch">No market matches “{query}”.</Trans>
        </p>
      ) : (
        <ul className="option-list pair-list" role="listbox" aria-label={label}>
          {shown.map((m) => {
            const tk = tickers.get(m.extends)
            const change = formatChange(tk?.open, tk?.close, i18n.locale)
            return (
              <li key={m.extends}>
                <button
                  type="button"
                  role="option"
                  aria-selected={m.extends === value}
                  className="option-list__item pair-list__item"
                  onClick={() => onSelect(m)}
                >
                  <span className="option-list__pair">
                    <CoinLogo code={m.currency_name} logo={m.logo} size={22} />
                    {pairName(m)}
                  </span>
                  <span className="pair-list__quote">
                    <span className={`trend--${change.trend}`}>
                      {formatPrice(tk?.close, m.price_precision, i18n.locale)}
                    </span>
                    <ChangePill change={change} />
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
