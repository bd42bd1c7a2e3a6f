/**
 * Reconnect delay with jitter, growing under repeated failure. A fixed retry without jitter makes every client of a
 * restarted server come back in the same instant (reliability.md W4); the spread here puts a 500-client herd over
 * ≥ 1.5 s on the first retry.
 */

/** Growth factor per consecutive failure. */
const GROWTH = 1.5
/** Jitter on top of the base delay: up to this fraction more. */
const JITTER = 0.75
/** Once capped, delays are spread over [FLOOR × cap, cap]. */
const FLOOR = 0.6

/**
 * Delay before reconnect attempt number `failures` (0 = first retry after a healthy socket closed), ms.
 * First retry: [base, 1.75 × base]; then growing ×1.5 per failure; never above `cap`.
 * @param random a number in [0, 1)
 */
export function reconnectDelay(failures: number, baseMs: number, capMs: number, random: number): number {
  const raw = Math.min(capMs, baseMs * GROWTH ** Math.max(0, failures))
  const lower = Math.min(raw, FLOOR * capMs)
  const upper = Math.min(capMs, raw * (1 + JITTER))
  return Math.round(lower + random * (upper - lower))
}
