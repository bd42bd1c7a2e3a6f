import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { AnnouncementList } from '../../../common/api/public'
import { Icon } from '../../ui/Icon'

const ROTATE_MS = 4000

/**
 * One-line announcement ticker: the latest announcements take turns every 4 s; tapping one opens its detail, the
 * arrow opens the notice center. Hidden when there are none.
 * @param list the announcements in the current language, from Home's loader (load-notices.ts), which runs again on a
 *   language switch or a pull to refresh
 */
export function AnnouncementTicker({ list }: { list: AnnouncementList['list'] }) {
  const { t } = useLingui()
  const [index, setIndex] = useState(0)
  // Only a turn slides in: the first announcement is there with the screen. Fading it in from transparent would make
  // the page's largest paint (often this line) wait for the animation (issue 9: LCP).
  const [turned, setTurned] = useState(false)
  // A new list (refresh, language switch) starts from its newest announcement.
  const [shown, setShown] = useState(list)
  if (shown !== list) {
    setShown(list)
    setIndex(0)
    setTurned(false)
  }

  useEffect(() => {
    if (list.length < 2) return
    const timer = setInterval(() => {
      setIndex((i) => (i + 1) % list.length)
      setTurned(true)
    }, ROTATE_MS)
    return () => clearInterval(timer)
  }, [list.length])

  const current = list[index]
  if (!current) return null
  return (
    <div className="notice-ticker">
      <Icon name="speaker" size={18} className="notice-ticker__icon" />
      <Link
        key={current.id}
        to="/notice-details"
        search={{ id: current.id }}
        className={turned ? 'notice-ticker__text notice-ticker__text--turn' : 'notice-ticker__text'}
      >
        {current.title}
      </Link>
      <Link to="/notice-center" className="notice-ticker__more">
        <Icon name="chevronRight" size={16} label={t({ id: 'home.allNotices', message: 'All announcements' })} />
      </Link>
    </div>
  )
}
