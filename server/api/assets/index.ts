/** The money calls (issue 10), user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'
import * as admin from './admin-routes'
import * as user from './user-routes'

export const ASSETS_ROUTES: readonly ApiRoute[] = [
  ...Object.values(user),
  ...Object.values(admin),
] as readonly ApiRoute[]
