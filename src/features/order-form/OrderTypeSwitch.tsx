import { useLingui } from '@lingui/react/macro'
import type { OrderType } from '../../../common/api/trade'
import { TYPE_LABELS } from './type-labels'
import './order-form.css'

/** Limit or Market (spot and futures forms): a radio group of two. */
export function OrderTypeSwitch({ type, onChange }: { type: OrderType; onChange: (type: OrderType) => void }) {
  const { t } = useLingui()
  return (
    <div className="of-types" role="radiogroup" aria-label={t({ id: 'trade.orderType', message: 'Order type' })}>
      {(['limit', 'market'] as const).map((ty) => (
        <button
          key={ty}
          type="button"
          role="radio"
          aria-checked={type === ty}
          className={type === ty ? 'of-types__btn of-types__btn--on' : 'of-types__btn'}
          onClick={() => onChange(ty)}
        >
          {t(TYPE_LABELS[ty])}
        </button>
      ))}
    </div>
  )
}
