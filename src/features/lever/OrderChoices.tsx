import type { ContractMarket } from '../../../common/api/contract'
import { OrderTypeSwitch } from '../order-form'
import { LeverageControl } from './LeverageControl'
import type { OpenDraft } from './open-math'
import { SideSwitch } from './SideSwitch'

/** The choices of the futures form that are not typed in. */
export type Choice = 'side' | 'type' | 'leverage'

/**
 * The top of the futures form: Long or Short, Limit or Market, and the cross-margin leverage, each with the problem
 * the checks or the server found with it (a market order the book cannot price; a leverage out of range).
 */
export function OrderChoices({
  draft,
  terms,
  pair,
  errors,
  onChange,
}: {
  draft: Pick<OpenDraft, Choice>
  terms: Pick<ContractMarket, 'min_leverage' | 'max_leverage'>
  /** "BTC/USDT". */
  pair: string
  errors: { type?: string | undefined; leverage?: string | undefined }
  onChange: (patch: Partial<Pick<OpenDraft, Choice>>) => void
}) {
  return (
    <>
      <SideSwitch side={draft.side} onChange={(side) => onChange({ side })} />
      <OrderTypeSwitch type={draft.type} onChange={(type) => onChange({ type })} />
      {errors.type && (
        <p className="field__error" role="alert">
          {errors.type}
        </p>
      )}
      <LeverageControl
        value={draft.leverage}
        min={terms.min_leverage}
        max={terms.max_leverage}
        pair={pair}
        error={errors.leverage ?? ''}
        onChange={(leverage) => onChange({ leverage })}
      />
    </>
  )
}
