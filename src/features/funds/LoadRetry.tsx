import { Trans } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import '../../styles/funds.css'

/** A money screen whose data could not be loaded: say so and offer to try again (the route's loader runs again). */
export function LoadRetry() {
  const router = useRouter()
  return (
    <div className="load-failed" role="alert">
      <p>
        <Trans id="funds.loadFailed">This could not be loaded. Check your connection.</Trans>
      </p>
      <button type="button" className="btn btn--ghost" onClick={() => void router.invalidate()}>
        <Trans id="common.retry">Retry</Trans>
      </button>
    </div>
  )
}
