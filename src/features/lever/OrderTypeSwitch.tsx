import { useLingui } from '@lingui/react/macro'
import type { OrderType } from '../../../common/api/trade'
import { TYPE_LABELS } from './labels'

/** Limit or Market open: a radio group of two. */
export function OrderTypeSwitch({ type, onChange }: { type: OrderType; onChange: (type: OrderType) => void }) {
  const { t } = useLingui()
  return (
    <div className="lv-types" role="radiogroup" aria-label={t({ id: 'trade.orderType', message: 'Order type' })}>
      {(['limit', 'market'] as const).map((ty) => (
        <button
          key={ty}
          type="button"
          role="radio"
          aria-checked={type === ty}
          className={type === ty ? 'lv-types__btn lv-types__btn--on' : 'lv-types__btn'}
          onClick={() => onChange(ty)}
        >
          {t(TYPE_LABELS[ty])}
        </button>
      ))}
    </div>
  )
}
