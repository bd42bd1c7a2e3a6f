/** Helpers to answer with an auth message: a business refusal, or a message with `{name}` placeholders filled. */
import { CODE_REJECTED, type Locale } from '../../common/constants'
import { ApiError } from '../api/api-error'
import { serverMessage, type ServerMessageKey } from '../content/server-messages'

/**
 * A refused business rule (envelope code CODE_REJECTED with HTTP 200; msg = the key in the caller's language).
 * `field` names the input the refusal is about (envelope data `{field}`), so the form can show it under that field.
 */
export function rejected(key: ServerMessageKey, field?: string): ApiError {
  return new ApiError(CODE_REJECTED, key, undefined, field ? { field, issues: [] } : null)
}

/** The message `key` in `locale` with each `{name}` replaced by `vars[name]`. */
export function fillMessage(locale: Locale, key: ServerMessageKey, vars: Readonly<Record<string, string | number>>): string {
  return serverMessage(locale, key).replace(/\{(\w+)\}/g, (all, name: string) => (name in vars ? String(vars[name]) : all))
}
