/**
 * PostgreSQL array literals for `unnest(…)` inserts and updates (post.ts, post-many.ts): one parameter per column
 * instead of one per cell.
 */

/** A PostgreSQL array literal of numbers or decimal strings (nothing to quote): `{1,2.5,-3}`. */
export const numberArray = (values: readonly (number | string)[]) => `{${values.join(',')}}`

/**
 * A PostgreSQL array literal of texts, each element quoted (backslash and double quote escaped) so any text —
 * commas, braces, quotes, spaces — stays one element; null is NULL.
 */
export const textArray = (values: readonly (string | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`
