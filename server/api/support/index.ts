/** The support calls, user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'

export const SUPPORT_ROUTES: readonly ApiRoute[] = []
