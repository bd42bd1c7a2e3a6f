import { useLingui } from '@lingui/react/macro'
import { useCanGoBack, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon } from './Icon'

/**
 * The sticky header of a sub-page: back button (history back, or Home when the page was opened directly), centred
 * title, optional right-hand slot.
 */
export function PageHeader({ title, right }: { title: string; right?: ReactNode }) {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const { t } = useLingui()
  const back = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/home' }))
  return (
    <header className="page-header">
      <button type="button" className="page-header__back" onClick={back}>
        <Icon name="back" size={22} label={t({ id: 'common.back', message: 'Back' })} />
      </button>
      <h1 className="page-header__title">{title}</h1>
      <div className="page-header__right">{right}</div>
    </header>
  )
}
