import { Trans } from '@lingui/react/macro'
import '../../styles/identity.css'

/** The identity state could not be loaded: say so and offer a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>
        <Trans id="identity.loadFailed">Your verification status could not be loaded. Check your connection.</Trans>
      </p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        <Trans id="common.retry">Retry</Trans>
      </button>
    </div>
  )
}
