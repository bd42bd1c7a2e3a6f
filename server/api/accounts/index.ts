/** The accounts calls, user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'
import { adminOutboxRoute } from './admin-outbox'
import { adminOperatorCreateRoute, adminUserListRoute, adminUserStatusRoute } from './admin-users'
import { bindEmailRoute } from './bind-email'
import { favouritesRoute, saveFavouritesRoute } from './favourites'
import { loginRoute } from './login'
import {
  antiPhishingRoute,
  changePasswordRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  setPayPasswordRoute,
} from './passwords'
import { registerRoute } from './register'
import { sendCodeRoute } from './send-code'
import { logoutRoute, userInfoRoute } from './session'
import { sessionListRoute, sessionRevokeRoute } from './sessions'
import { shareRoute } from './share'
import { twoFactorDisableRoute, twoFactorEnableRoute, twoFactorSetupRoute } from './two-factor'
import { siweLoginRoute, siweNonceRoute } from './siwe'
import { wsTicketRoute } from './ws-ticket'

export const ACCOUNTS_ROUTES: readonly ApiRoute[] = [
  sendCodeRoute,
  registerRoute,
  loginRoute,
  siweNonceRoute,
  siweLoginRoute,
  logoutRoute,
  userInfoRoute,
  sessionListRoute,
  sessionRevokeRoute,
  twoFactorSetupRoute,
  twoFactorEnableRoute,
  twoFactorDisableRoute,
  wsTicketRoute,
  changePasswordRoute,
  setPayPasswordRoute,
  antiPhishingRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  bindEmailRoute,
  shareRoute,
  favouritesRoute,
  saveFavouritesRoute,
  adminOutboxRoute,
  adminUserListRoute,
  adminUserStatusRoute,
  adminOperatorCreateRoute,
] as readonly ApiRoute[]
