/** Recognizing a unique-index violation (a lost race) under either driver, where drizzle wraps the error in `cause`. */

/** The violated unique constraint's name (e.g. `users_email`), or null when `err` is something else. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 3;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown }
    if (code === '23505') return typeof constraint === 'string' ? constraint : ''
  }
  return null
}
