/**
 * Row ids and plain text on the wire, one rule for every call. Ids are PostgreSQL `integer` (int4) serials, so an id
 * is a positive int4: 1 … 2,147,483,647. In a JSON body it must be a JSON number (`true`, `"0x2"`, `[3]`, `"\ufeff1"`
 * are refused, not coerced); in a query string, where every value is text, it must be decimal digits only. A larger
 * number would make PostgreSQL fail the query (a 500) instead of answering "not found".
 */
import * as z from 'zod/mini'

/** Largest PostgreSQL `integer`. */
export const INT4_MAX = 2_147_483_647

/** An id in a JSON body: a JSON number, integer, 1 … INT4_MAX. */
export const idSchema = z.int().check(z.minimum(1), z.maximum(INT4_MAX))

/** An id in a query string: 1–10 ASCII digits (no sign, space, hex, exponent or BOM), then 1 … INT4_MAX. */
export const queryIdSchema = z.pipe(
  z.string().check(z.regex(/^[0-9]{1,10}$/)),
  z.pipe(
    z.transform((s: string) => Number(s)),
    idSchema,
  ),
)

/** Text without NUL (U+0000): PostgreSQL cannot store it in `text`, and no legitimate input carries it. */
// eslint-disable-next-line no-control-regex -- deliberate: matching NUL is the point of this pattern
export const NO_NUL = /^[^\u0000]*$/
