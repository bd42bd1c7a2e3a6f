/** The accounts calls, user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'

export const ACCOUNTS_ROUTES: readonly ApiRoute[] = []
