import { Trans } from '@lingui/react/macro'

/** Inline "could not load" state with a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>
        <Trans id="market.loadFailed">Markets could not be loaded. Check your connection.</Trans>
      </p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        <Trans id="common.retry">Retry</Trans>
      </button>
    </div>
  )
}
