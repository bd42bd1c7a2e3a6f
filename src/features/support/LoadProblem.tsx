import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import '../../styles/support.css'

/** A "could not load" block with a retry button; `children` says what could not be loaded. */
export function LoadProblem({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>{children}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        <Trans id="common.retry">Retry</Trans>
      </button>
    </div>
  )
}
