/** The identity calls, user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'

export const IDENTITY_ROUTES: readonly ApiRoute[] = []
