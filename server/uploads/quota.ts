/**
 * Per-user upload quota (reliability S2 / ASVS 5.2.4): at most UPLOAD_DAILY_QUOTA uploads started per user and UTC
 * day, counted in `rate_counters` with one atomic upsert, so parallel requests cannot slip past the limit.
 */
import { sql } from 'drizzle-orm'
import { UPLOAD_DAILY_QUOTA } from '../../common/api/identity'
import type { Db } from '../db/client'
import { rateCounters } from '../db/schema'

const DAY_MS = 24 * 3600_000

/** Counts one upload for `userId`; returns null when allowed, else the seconds until the quota resets. */
export async function takeUploadQuota(db: Db, userId: number, nowMs = Date.now()): Promise<number | null> {
  const windowStart = new Date(Math.floor(nowMs / DAY_MS) * DAY_MS)
  const [row] = await db
    .insert(rateCounters)
    .values({ key: `upload:user:${userId}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count })
  if ((row?.count ?? 0) <= UPLOAD_DAILY_QUOTA) return null
  return Math.max(1, Math.ceil((windowStart.getTime() + DAY_MS - nowMs) / 1000))
}
