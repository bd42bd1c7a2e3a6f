/** Who calls an account service: the client's address and browser, for sessions, rate limits and the audit log. */
import type { Locale } from '../../common/constants'

/** The caller of a sign-in or account call. */
export interface Client {
  /** Client address (the socket peer, or the proxy's X-Forwarded-For when TRUST_PROXY names it). */
  ip: string
  /** User-Agent, at most 256 characters; stored with a new session. */
  userAgent: string
  /** The caller's interface language: messages sent to the user (codes by e-mail/SMS) are written in it. */
  locale: Locale
}
