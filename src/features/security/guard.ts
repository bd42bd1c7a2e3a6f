/**
 * The security screens need a session: opened without one (a bookmark, a link, after a logout in another tab), they
 * go to login and come back afterwards (back-url), instead of rendering a form that could only fail.
 */
import { redirect } from '@tanstack/react-router'
import { setBackUrl } from '../../state/back-url'
import { getToken } from '../../state/token'

/** For a route's `beforeLoad`: throws a redirect to /login (remembering `href`) when there is no session. */
export function requireSession(href: string): void {
  if (getToken()) return
  setBackUrl(href)
  throw redirect({ to: '/login' })
}
