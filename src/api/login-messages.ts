/** The login question of spec §5/§8, shared by the request layer and the screens that ask before navigating. */
import { msg } from '@lingui/core/macro'

/** "Not logged in or login expired, go to the login page." (spec §8) */
export const LOGIN_NEEDED = msg({
  id: 'auth.loginRequired',
  message: 'Not logged in or login expired, go to the login page.',
})
/** The confirm button of that question. */
export const GO_LOGIN = msg({ id: 'auth.goLogin', message: 'Log in' })
