/**
 * Local-storage access for the persisted stores (spec §3: LOGIN_TOKEN, USERINFO, LANGUAGE_KEY, theme, …). Values are
 * JSON. Reading validates with the caller's guard, so a hand-edited or outdated entry falls back to the default
 * instead of breaking start-up. Storage that is missing or full (private mode, tests) is treated as empty.
 */

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Reads `key` as JSON and returns it when `accept` says it has the right shape, else `fallback`.
 * @param accept type guard for the stored value
 */
export function readStored<T>(key: string, accept: (value: unknown) => value is T, fallback: T): T {
  const raw = storage()?.getItem(key)
  if (raw === null || raw === undefined) return fallback
  try {
    const value: unknown = JSON.parse(raw)
    return accept(value) ? value : fallback
  } catch {
    return fallback
  }
}

/** Writes `value` as JSON under `key`; `null`/`undefined` remove the key. Failures (quota, no storage) are ignored. */
export function writeStored(key: string, value: unknown): void {
  const s = storage()
  if (!s) return
  try {
    if (value === null || value === undefined) s.removeItem(key)
    else s.setItem(key, JSON.stringify(value))
  } catch {
    // Persisting is best effort: the in-memory store stays authoritative for this page.
  }
}

/** Guard: a non-empty string. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0
}

/** Guard: a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
