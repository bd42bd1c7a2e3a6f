/**
 * Errors of the domain (accounts, identity, support…), in a vocabulary that knows nothing of HTTP: a service throws a
 * DomainError and each edge says it its own way — the API as a `{code,msg,data}` envelope (server/api/domain-error.ts),
 * the command line as an English line (server/cli/commands/errors.ts).
 */
import type { ServerMessageKey } from '../content/server-messages'

/**
 * What went wrong, from the caller's side:
 * - `bad_input`: a field is missing or malformed (the form shows the message under `field`);
 * - `rejected`: the input is well formed but a business rule refuses it (wrong code, weak password…);
 * - `conflict`: the object is no longer in a state that allows the action (already decided, already bound);
 * - `not_found`: the object named does not exist (or is not the caller's);
 * - `forbidden`: the caller may not do this;
 * - `rate_limited`: too many attempts, retry after `retryAfterS` seconds;
 * - `unavailable`: a transient failure; the same call may succeed later.
 */
export type DomainErrorKind =
  'bad_input' | 'rejected' | 'conflict' | 'not_found' | 'forbidden' | 'rate_limited' | 'unavailable'

/** Every kind, for exhaustive tables and tests. */
export const DOMAIN_ERROR_KINDS: readonly DomainErrorKind[] = [
  'bad_input',
  'rejected',
  'conflict',
  'not_found',
  'forbidden',
  'rate_limited',
  'unavailable',
]

/** One problem of one field: a message key (translated by the edge) or a text already written. */
export interface DomainIssue {
  /** Dotted path of the input field, e.g. `reason` or `items.0.price`. */
  field: string
  messageKey?: ServerMessageKey
  message?: string
}

/** Optional details of a DomainError. */
export interface DomainErrorOptions {
  /** The input field the error is about; the API answers `data: {field, issues}` with it, else `data: null`. */
  field?: string
  /** Problems listed in `data.issues` (default none). */
  issues?: readonly DomainIssue[]
  /** For `rate_limited` (and `unavailable`): seconds before a retry may succeed; whole seconds ≥ 1 on the wire. */
  retryAfterS?: number
  /** Values of `{name}` placeholders in the message (e.g. `{when}` is filled by the edge from `retryAfterS`). */
  vars?: Readonly<Record<string, string | number>>
  cause?: unknown
}

/** A refusal of the domain, with the server message that explains it (content/server-messages.ts). */
export class DomainError extends Error {
  override name = 'DomainError'
  readonly field: string | undefined
  readonly issues: readonly DomainIssue[]
  readonly retryAfterS: number | undefined
  readonly vars: Readonly<Record<string, string | number>>

  constructor(
    readonly kind: DomainErrorKind,
    readonly messageKey: ServerMessageKey,
    opts: DomainErrorOptions = {},
  ) {
    super(`${kind}: ${messageKey}${opts.field ? ` (${opts.field})` : ''}`, { cause: opts.cause })
    this.field = opts.field
    this.issues = opts.issues ?? []
    this.retryAfterS = opts.retryAfterS
    this.vars = opts.vars ?? {}
  }
}

/** A business rule refused the input (`field` names the input it is about, if any). */
export function rejected(key: ServerMessageKey, field?: string): DomainError {
  return new DomainError('rejected', key, field === undefined ? {} : { field })
}

/** A missing or malformed field, reported like a schema error: `data.issues` carries the message under `field`. */
export function badField(
  field: string,
  key: ServerMessageKey,
  kind: 'bad_input' | 'rejected' = 'bad_input',
): DomainError {
  return new DomainError(kind, key, { field, issues: [{ field, messageKey: key }] })
}

/** The object named does not exist. */
export function notFound(key: ServerMessageKey, field?: string): DomainError {
  return new DomainError('not_found', key, field === undefined ? {} : { field })
}

/** Too many attempts; retry after `retryAfterS` seconds (rounded up to a whole second, at least 1). */
export function rateLimited(key: ServerMessageKey, retryAfterS: number): DomainError {
  return new DomainError('rate_limited', key, { retryAfterS: Math.max(1, Math.ceil(retryAfterS)) })
}
