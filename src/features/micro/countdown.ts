/**
 * When a contract settles, as its countdown shows it. `delivery_at` is the server's `YYYY-MM-DD HH:mm:ss` UTC (whole
 * seconds, cut down from the placement time + duration), so the countdown may reach 0 up to a second early; the row
 * then says it is settling until the result arrives.
 */
import type { MicroOrder } from '../../../common/api/micro'

/** Epoch ms of `delivery_at` (UTC), or NaN when it does not parse. */
export function deliveryMs(order: Pick<MicroOrder, 'delivery_at'>): number {
  return new Date(`${order.delivery_at.trim().replace(' ', 'T')}Z`).getTime()
}

/** Whole seconds until delivery at `now` (epoch ms), rounded up, never below 0; 0 when the time does not parse. */
export function secondsLeft(order: Pick<MicroOrder, 'delivery_at'>, now: number): number {
  const ms = deliveryMs(order) - now
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0
}

/**
 * How long to wait before asking the server again while contracts are open, ms: every POLL_NEAR_MS from a second
 * before the nearest delivery on (settlement follows the first feed price at or after it), else until then, at most
 * POLL_FAR_MS (a contract placed or settled elsewhere shows within that). Null when none is open.
 */
export function nextPollIn(open: readonly Pick<MicroOrder, 'delivery_at'>[], now: number): number | null {
  if (open.length === 0) return null
  const nearest = Math.min(...open.map(deliveryMs).filter(Number.isFinite))
  if (!Number.isFinite(nearest)) return POLL_NEAR_MS
  return Math.min(POLL_FAR_MS, Math.max(POLL_NEAR_MS, nearest - now - 1000))
}

/** Poll interval around and after a delivery, ms (brief: every 1–2 s around expiry). */
export const POLL_NEAR_MS = 1000
/** Longest wait between two polls while a contract is open, ms. */
export const POLL_FAR_MS = 15_000
