/** The text of a DomainError in one language: its server message with the `{name}` placeholders filled. */
import type { Locale } from '../../common/constants'
import { serverMessage, type ServerMessageKey } from '../content/server-messages'
import type { DomainError } from './errors'

/** The message `key` in `locale` with each `{name}` replaced by `vars[name]` (unknown names stay as written). */
export function fillMessage(
  locale: Locale,
  key: ServerMessageKey,
  vars: Readonly<Record<string, string | number>>,
): string {
  return serverMessage(locale, key).replace(/\{(\w+)\}/g, (all, name: string) =>
    name in vars ? String(vars[name]) : all,
  )
}

/** "in 45 seconds" under 90 s, else "in 12 minutes", in `locale` (Intl.RelativeTimeFormat). */
export function retryWhen(locale: Locale, retryAfterS: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterS))
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
  return seconds < 90 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute')
}

/**
 * The user-facing text of `err` in `locale`; a `{when}` placeholder says when to retry (from `retryAfterS`).
 */
export function domainErrorText(locale: Locale, err: DomainError): string {
  const vars = err.retryAfterS === undefined ? err.vars : { when: retryWhen(locale, err.retryAfterS), ...err.vars }
  return fillMessage(locale, err.messageKey, vars)
}

/** The text of each field problem of `err` in `locale`. */
export function domainIssues(locale: Locale, err: DomainError): { field: string; message: string }[] {
  return err.issues.map((i) => ({
    field: i.field,
    message: i.message ?? (i.messageKey ? fillMessage(locale, i.messageKey, err.vars) : domainErrorText(locale, err)),
  }))
}
