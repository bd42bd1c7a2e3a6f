/**
 * When a contract settles, as its countdown shows it, and when to ask the server about it. `delivery_at` is the
 * server's `YYYY-MM-DD HH:mm:ss` UTC (whole seconds, cut down from the placement time + duration), so the countdown
 * may reach 0 up to a second early; the row then says it is settling until the result arrives. Without the user
 * stream the screens poll (nextPollIn); with it live they wait for the settlement event and read once more only when
 * it is late (safetyReadIn).
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

/**
 * While the user stream is live a contract's result comes with its `settled` event; when none has arrived this long
 * after its delivery, ms, the open list is read once more, so a settled contract does not stay "open" on screen
 * because an event was lost on its way. Settlement follows the first feed price at or after delivery (10,000 contracts
 * settle within ~2.5 s, issue 22 part 8) and the event is pushed within about a second of its commit, so at 5 s the
 * read is redundant only when the server runs late.
 */
export const SETTLE_SAFETY_MS = 5000

/** Whether the safety read of `order` is due at `now` (epoch ms): SETTLE_SAFETY_MS past delivery, or undated. */
export function safetyDue(order: Pick<MicroOrder, 'delivery_at'>, now: number): boolean {
  const at = deliveryMs(order)
  return !Number.isFinite(at) || at + SETTLE_SAFETY_MS <= now
}

/**
 * How long until the next safety read is due, ms (0 when overdue): SETTLE_SAFETY_MS after the earliest delivery of
 * the `open` contracts not in `checked` (ids already read once for safety); null when none is left.
 */
export function safetyReadIn(
  open: readonly Pick<MicroOrder, 'id' | 'delivery_at'>[],
  checked: ReadonlySet<number>,
  now: number,
): number | null {
  const waits = open
    .filter((o) => !checked.has(o.id))
    .map((o) => (safetyDue(o, now) ? 0 : deliveryMs(o) + SETTLE_SAFETY_MS - now))
  return waits.length === 0 ? null : Math.min(...waits)
}
