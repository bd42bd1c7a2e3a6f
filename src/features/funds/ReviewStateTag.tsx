import { useLingui } from '@lingui/react'
import type { DepositState, ReviewState, WithdrawalState } from '../../../common/api/assets'
import { CHAIN_DEPOSIT_STATE_LABELS, REVIEW_STATE_LABELS, WITHDRAWAL_STATE_LABELS } from './labels'

/** A deposit's or withdrawal's review state as a coloured tag: pending (amber), approved (green), rejected (red). */
export function ReviewStateTag({ state }: { state: ReviewState }) {
  const { i18n } = useLingui()
  return <span className={`fd-state fd-state--${state}`}>{i18n._(REVIEW_STATE_LABELS[state])}</span>
}

/**
 * A deposit's state as a tag: a claim's review state, or a chain deposit's (confirming and credited amber, completed
 * green, reversed red).
 */
export function DepositStateTag({ state, chain }: { state: DepositState; chain: boolean }) {
  const { i18n } = useLingui()
  if (!chain && (state === 'pending' || state === 'approved' || state === 'rejected')) {
    return <ReviewStateTag state={state} />
  }
  const label = CHAIN_DEPOSIT_STATE_LABELS[state === 'approved' || state === 'rejected' ? 'credited' : state]
  return <span className={`fd-state fd-state--${state}`}>{i18n._(label)}</span>
}

/** A withdrawal's state as a tag: its review state, or on chain sending (amber), completed (green), failed (red). */
export function WithdrawalStateTag({ state }: { state: WithdrawalState }) {
  const { i18n } = useLingui()
  return <span className={`fd-state fd-state--${state}`}>{i18n._(WITHDRAWAL_STATE_LABELS[state])}</span>
}
