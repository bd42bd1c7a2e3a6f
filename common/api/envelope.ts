/**
 * The REST envelope (spec §3, §8): every answer is `{code, msg, data}`; code 1 = success, 401/4001 = not logged in,
 * any other code = a business error whose `msg` (already translated by Accept-Language) is shown to the user.
 */
import * as z from 'zod/mini'
import { CODE_OK } from '../constants'

export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/** Builds a success envelope. */
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE_OK, msg, data }
}

/**
 * Error detail carried in `data` of a rejected input: `field` names the first offending field (dotted path,
 * e.g. "page" or "items.0.price"), `issues` lists every problem.
 */
export interface InputErrorData {
  field: string
  issues: { field: string; message: string }[]
}

/** Converts a zod error into the fields of an input error; the first issue's path names the field. */
export function inputErrorData(error: z.core.$ZodError): InputErrorData {
  const issues = error.issues.map((i) => ({ field: i.path.map(String).join('.') || '(root)', message: i.message }))
  return { field: issues[0]?.field ?? '(root)', issues }
}

/** Zod schema of an envelope around `data`. */
export const envelopeSchema = <T extends z.core.$ZodType>(data: T) => z.object({ code: z.int(), msg: z.string(), data })
