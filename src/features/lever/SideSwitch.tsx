import { useLingui } from '@lingui/react/macro'
import type { ContractSide } from '../../../common/api/contract'
import { SIDE_LABELS } from './labels'

/** Long or Short: two toggle buttons (green and red), the chosen one pressed. */
export function SideSwitch({ side, onChange }: { side: ContractSide; onChange: (side: ContractSide) => void }) {
  const { t } = useLingui()
  return (
    <div className="of-sides" role="group" aria-label={t({ id: 'trade.direction', message: 'Direction' })}>
      {(['long', 'short'] as const).map((s) => (
        <button
          key={s}
          type="button"
          aria-pressed={side === s}
          data-testid={`lever-side-${s}`}
          className={`of-sides__btn of-sides__btn--${s === 'long' ? 'up' : 'down'}${side === s ? ' of-sides__btn--on' : ''}`}
          onClick={() => onChange(s)}
        >
          {t(SIDE_LABELS[s])}
        </button>
      ))}
    </div>
  )
}
