/**
 * The reduce-only fills booked from one feed print (close-matcher.ts, issue 21 part 1): the position parts they closed
 * carry `close_order_id` and the print's feed topic and ref, so the print's size left (entrusts.ts `printLeft`) counts
 * them with the opening orders it filled.
 */
import { and, eq, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { contractPositions } from '../../db/schema'

/** What the reduce-only fills of print `trade` closed so far (base currency), in `tx` (under the print's lock). */
export async function closeFillsOf(tx: Db, trade: Pick<FeedEvent, 'topic' | 'ref'>): Promise<DecimalString> {
  const [row] = await tx
    .select({ filled: sql<string>`coalesce(sum(${contractPositions.amount}), 0)::text` })
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.feedTopic, trade.topic),
        eq(contractPositions.feedRef, trade.ref),
        sql`${contractPositions.closeOrderId} is not null`,
      ),
    )
  return parseDecimal(row?.filled ?? '0')
}
