import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Icon } from '../../ui/Icon'
import { Spinner } from '../../ui/Spinner'
import { KeptAge } from '../kept'
import type { PagedList } from './use-paged-list'
import '../../styles/funds.css'

/**
 * The frame of a record list: a spinner before the first page, a retry when it failed, the empty text, the rows and
 * "Load more" while the server has more; over rows kept on the device, how old they are.
 */
export function RecordList<T extends { id: number }>({
  list,
  empty,
  children,
}: {
  list: PagedList<T>
  empty: ReactNode
  children: (item: T) => ReactNode
}) {
  if (list.state === 'loading') {
    return (
      <div className="fd-list-state">
        <Spinner size={22} />
      </div>
    )
  }
  if (list.state === 'failed') {
    return (
      <div className="load-failed" role="alert">
        <p>
          <Trans id="funds.listFailed">The records could not be loaded. Check your connection.</Trans>
        </p>
        <button type="button" className="btn btn--ghost" onClick={() => void list.reload()}>
          <Trans id="common.retry">Retry</Trans>
        </button>
      </div>
    )
  }
  const age = list.savedAt !== null && <KeptAge savedAt={list.savedAt} />
  if (list.items.length === 0) {
    return (
      <>
        {age}
        <div className="empty-state">
          <Icon name="list" size={40} />
          <p>{empty}</p>
        </div>
      </>
    )
  }
  return (
    <>
      {age}
      <ul className="fd-records">{list.items.map(children)}</ul>
      {list.items.length < list.total && (
        <div className="fd-more">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={list.loadingMore}
            onClick={() => void list.loadMore()}
          >
            {list.loadingMore ? (
              <Trans id="ptr.loading">Loading…</Trans>
            ) : (
              <Trans id="support.loadMore">Load more</Trans>
            )}
          </button>
        </div>
      )}
    </>
  )
}
