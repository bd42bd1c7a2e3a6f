/** The identity calls, user-facing and operator (`admin/*`): uploads and their images, verification tiers, review. */
import type { ApiRoute } from '../route'
import { adminIdentityListRoute, adminIdentityReviewRoute } from './admin-routes'
import { imageRoute } from './image'
import { uploadRoute } from './upload'
import { identityAdvancedRoute, identityBasicRoute, identityRoute } from './user-routes'

export const IDENTITY_ROUTES: readonly ApiRoute[] = [
  uploadRoute,
  imageRoute,
  identityRoute,
  identityBasicRoute,
  identityAdvancedRoute,
  adminIdentityListRoute,
  adminIdentityReviewRoute,
] as readonly ApiRoute[]
