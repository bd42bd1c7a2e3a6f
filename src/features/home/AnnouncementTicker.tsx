import { useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { AnnouncementList } from '../../../common/api/public'
import { Icon } from '../../ui/Icon'

const ROTATE_MS = 4000

/**
 * One-line announcement ticker: the latest announcements (in the current language) take turns every 4 s; tapping
 * one opens its detail, the arrow opens the notice center. Hidden when there are none or they cannot be loaded.
 */
export function AnnouncementTicker() {
  const { api } = useRouteContext({ from: '__root__' })
  const { i18n, t } = useLingui()
  const [list, setList] = useState<AnnouncementList['list']>([])
  const [index, setIndex] = useState(0)

  useEffect(() => {
    const ctrl = new AbortController()
    api.getAnnouncements({ page: 1, limit: 5 }, { silent: true, signal: ctrl.signal }).then(
      (page) => {
        setList(page.list)
        setIndex(0)
      },
      () => undefined,
    )
    return () => ctrl.abort()
  }, [api, i18n.locale])

  useEffect(() => {
    if (list.length < 2) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), ROTATE_MS)
    return () => clearInterval(timer)
  }, [list.length])

  const current = list[index]
  if (!current) return null
  return (
    <div className="notice-ticker">
      <Icon name="speaker" size={18} className="notice-ticker__icon" />
      <Link key={current.id} to="/notice-details" search={{ id: current.id }} className="notice-ticker__text">
        {current.title}
      </Link>
      <Link to="/notice-center" className="notice-ticker__more">
        <Icon name="chevronRight" size={16} label={t({ id: 'home.allNotices', message: 'All announcements' })} />
      </Link>
    </div>
  )
}
