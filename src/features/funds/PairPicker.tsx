import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Chain } from '../../../common/api/assets'
import { Choices } from '../../ui/Choices'
import { chainsOf, currenciesOf, resolvePick, type Pair, type Pick } from './pick-option'
import '../../styles/funds.css'

/**
 * The currency and network rows of the deposit and withdrawal screens. Holds the user's choice; `children` gets the
 * option it designates (a changed currency keeps the network when that currency is offered on it too).
 */
export function PairPicker<T extends Pair>({
  options,
  children,
}: {
  options: readonly T[]
  children: (option: T) => React.ReactNode
}) {
  const { t } = useLingui()
  const [pick, setPick] = useState<Pick>({ currency: null, chain: null })
  const option = resolvePick(options, pick)
  if (!option) return null
  return (
    <>
      <div className="fd-card">
        <Choices
          label={t({ id: 'funds.currency', message: 'Currency' })}
          options={currenciesOf(options).map((c) => ({ value: c, label: c }))}
          value={option.currency}
          onChange={(currency) => setPick((p) => ({ ...p, currency }))}
        />
        <Choices<Chain>
          label={t({ id: 'funds.network', message: 'Network' })}
          options={chainsOf(options, option.currency).map((c) => ({ value: c, label: c }))}
          value={option.chain}
          onChange={(chain) => setPick({ currency: option.currency, chain })}
        />
      </div>
      {children(option)}
    </>
  )
}
