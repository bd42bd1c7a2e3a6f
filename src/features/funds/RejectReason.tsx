import { Trans } from '@lingui/react/macro'

/** Why an operator rejected a deposit or withdrawal, under its record. */
export function RejectReason({ reason }: { reason: string | null }) {
  const why = reason ?? '—'
  return (
    <p className="fd-reason" role="note">
      <Trans id="funds.rejectReason">Reason: {why}</Trans>
    </p>
  )
}
