/** The support calls, user-facing and operator (`admin/*`). */
import type { ApiRoute } from '../route'
import { adminConfigRoute, adminConfigSetRoute } from './admin-config'
import {
  adminAboutSaveRoute,
  adminAnnouncementDeleteRoute,
  adminAnnouncementSaveRoute,
  adminHelpDeleteRoute,
  adminHelpSaveRoute,
} from './admin-content'
import { adminFeedbackListRoute, adminFeedbackReplyRoute } from './admin-feedback'
import { feedbackDetailRoute, feedbackListRoute, feedbackSubmitRoute } from './feedback'
import { aboutRoute, helpDetailRoute, helpListRoute } from './help'

export const SUPPORT_ROUTES: readonly ApiRoute[] = [
  feedbackListRoute,
  feedbackSubmitRoute,
  feedbackDetailRoute,
  helpListRoute,
  helpDetailRoute,
  aboutRoute,
  adminFeedbackListRoute,
  adminFeedbackReplyRoute,
  adminHelpSaveRoute,
  adminHelpDeleteRoute,
  adminAboutSaveRoute,
  adminAnnouncementSaveRoute,
  adminAnnouncementDeleteRoute,
  adminConfigRoute,
  adminConfigSetRoute,
]
