/**
 * Orders being placed from this page, by client_oid: their immediate fill is already told by the placement's own
 * toast ("Order filled", "Position opened"), so the stream's fill toast skips them. A resting order's later fill is
 * not covered: the mark expires PLACING_GRACE_MS after the placement's answer.
 */

/** How long after the placement's answer its fill events are still its own, ms (the relay publishes within ~1 s). */
export const PLACING_GRACE_MS = 5000

const placing = new Map<string, ReturnType<typeof setTimeout> | null>()

/** Marks `clientOid` as being placed here (call before sending the order). */
export function markPlacing(clientOid: string): void {
  const t = placing.get(clientOid)
  if (t) clearTimeout(t)
  placing.set(clientOid, null)
}

/** The placement of `clientOid` was answered (or failed): its mark expires after PLACING_GRACE_MS. */
export function placingDone(clientOid: string): void {
  const t = placing.get(clientOid)
  if (t) clearTimeout(t)
  placing.set(
    clientOid,
    setTimeout(() => placing.delete(clientOid), PLACING_GRACE_MS),
  )
}

/** True while `clientOid` is being placed from this page or was answered less than PLACING_GRACE_MS ago. */
export function isPlacingHere(clientOid: unknown): boolean {
  return typeof clientOid === 'string' && placing.has(clientOid)
}
