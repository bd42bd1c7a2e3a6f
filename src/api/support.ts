/** Support calls: feedback, help center, about us. Answers are parsed with the shared schemas of common/api. */
import {
  aboutSchema,
  createdAnswer,
  feedbackDetailSchema,
  feedbackListSchema,
  helpDetailSchema,
  helpListSchema,
  type About,
  type FeedbackDetail,
  type FeedbackList,
  type FeedbackSubmitInput,
  type HelpDetail,
  type HelpItem,
} from '../../common/api/support'
import type { CallOptions, Caller } from './public'

export interface SupportApi {
  /** GET feedback/list: one page (1-based) of the user's own feedback, newest first. Needs a session. */
  feedbackList(query: { page?: number; limit?: number }, opts?: CallOptions): Promise<FeedbackList>
  /** POST feedback/submit: sends feedback; resolves with its id. Needs a session. */
  submitFeedback(input: FeedbackSubmitInput, opts?: CallOptions): Promise<{ id: number }>
  /** GET feedback/detail: one of the user's feedback with the operator's reply. Needs a session. */
  feedbackDetail(id: number, opts?: CallOptions): Promise<FeedbackDetail>
  /** GET help/list: help articles in the current language (else English). */
  helpList(opts?: CallOptions): Promise<HelpItem[]>
  /** GET help/detail: one help article (Markdown). */
  helpDetail(id: number, opts?: CallOptions): Promise<HelpDetail>
  /** GET common/about: the about-us page (Markdown). */
  about(opts?: CallOptions): Promise<About>
}

/** Builds the support calls. */
export function createSupportApi(call: Caller): SupportApi {
  return {
    feedbackList: (query, opts) => call.getAuth('feedback/list', feedbackListSchema, query, opts),
    submitFeedback: (input, opts) => call.postAuth('feedback/submit', createdAnswer, { ...input }, opts),
    feedbackDetail: (id, opts) => call.getAuth('feedback/detail', feedbackDetailSchema, { id }, opts),
    helpList: (opts) => call.get('help/list', helpListSchema, undefined, opts),
    helpDetail: (id, opts) => call.get('help/detail', helpDetailSchema, { id }, opts),
    about: (opts) => call.get('common/about', aboutSchema, undefined, opts),
  }
}
