import { useLingui } from '@lingui/react/macro'
import type { MarketItem } from '../../../common/market'
import { OptionSheet } from '../../ui/OptionSheet'
import { CoinLogo } from './CoinLogo'
import { pairName } from './market-model'

/** The pairs a trading screen offers (options, futures), in a bottom sheet; the current one checked. */
export function PairSheet({
  open,
  markets,
  value,
  onSelect,
  onClose,
}: {
  open: boolean
  markets: readonly MarketItem[]
  /** Feed symbol of the current pair. */
  value: string
  onSelect: (market: MarketItem) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const options = markets.map((m) => ({
    key: m.extends,
    label: (
      <span className="option-list__pair">
        <CoinLogo code={m.currency_name} logo={m.logo} size={22} />
        {pairName(m)}
      </span>
    ),
  }))
  return (
    <OptionSheet
      open={open}
      title={t({ id: 'micro.pickPair', message: 'Trading pair' })}
      options={options}
      value={value}
      onSelect={(key) => {
        const picked = markets.find((m) => m.extends === key)
        if (picked) onSelect(picked)
      }}
      onClose={onClose}
    />
  )
}
