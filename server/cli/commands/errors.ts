/** The command line's edge for domain errors: the same DomainError the API turns into an envelope becomes an English line. */
import { DomainError } from '../../domain/errors'
import { domainErrorText } from '../../domain/message'

/**
 * Runs `action`; a DomainError it throws becomes an Error whose message is `<subject>: <English message>` (the
 * field named in brackets when there is one), which `npm run admin` prints with exit status 1. Other errors pass.
 */
export async function withDomainErrors<T>(subject: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (err) {
    if (err instanceof DomainError) throw new Error(`${subject}: ${domainErrorLine(err)}`, { cause: err })
    throw err
  }
}

/**
 * `err` in English: the problems written by a rule (e.g. a setting's "expected an integer"), which say more than the
 * generic message; else the message, then ` [field]` when it names one (other than the whole input).
 */
export function domainErrorLine(err: DomainError): string {
  const written = err.issues.flatMap((i) => (i.message === undefined ? [] : [i.message]))
  if (written.length > 0) return written.join('; ')
  const text = domainErrorText('en', err)
  return err.field && err.field !== '(root)' ? `${text} [${err.field}]` : text
}

/** Runs `action`; a not_found DomainError becomes `line` (the command's own wording, e.g. `no feedback #12`). */
export async function notFoundAs<T>(line: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'not_found') throw new Error(line, { cause: err })
    throw err
  }
}
