import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import {
  GuestCard,
  LogoutButton,
  UserCard,
  UserMenu,
  useRefreshUserInfo,
  useSessionView,
} from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/**
 * /user-center ("Mine", spec §2): who is signed in (or Log in / Register), the entries of the user's side, the app
 * settings, and logout with confirmation.
 */
export const Route = createFileRoute('/user-center')({
  component: UserCenterPage,
})

function UserCenterPage() {
  const { api } = Route.useRouteContext()
  const { t } = useLingui()
  const { loggedIn, user } = useSessionView()
  useRefreshUserInfo(api)
  return (
    <div className="page uc-page">
      <PageHeader title={t({ id: 'page.userCenter', message: 'Me' })} />
      {loggedIn ? <UserCard user={user} /> : <GuestCard />}
      <UserMenu />
      {loggedIn && <LogoutButton />}
    </div>
  )
}
