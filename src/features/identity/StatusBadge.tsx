import { useLingui } from '@lingui/react/macro'
import type { IdentityStatus } from '../../../common/api/account'
import { STATUS_LABELS } from './labels'

/** The state of a tier as a coloured pill. */
export function StatusBadge({ status }: { status: IdentityStatus }) {
  const { i18n } = useLingui()
  return <span className={`id-status id-status--${status}`}>{i18n._(STATUS_LABELS[status])}</span>
}
