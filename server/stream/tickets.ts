/**
 * Stream tickets (issue 22 part 1): `POST user/ws_ticket` hands the signed-in session a random ticket that opens one
 * user stream without the session token travelling on the websocket. The table keeps only the ticket's SHA-256,
 * bound to the session; a ticket is valid WS_TICKET_TTL_MS (30 s) and is consumed by its first use (one `DELETE …
 * RETURNING`, so two connections racing with one ticket cannot both win). Expired rows are pruned by the relay.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { WS_TICKET_TTL_MS } from '../../common/api/stream'
import { hashToken } from '../auth/sessions'
import type { Db } from '../db/client'
import { wsTickets } from '../db/schema'

/**
 * Issues a ticket for session `sessionId`.
 * @returns the ticket (43 base64url characters, 256 random bits) and its lifetime in seconds
 */
export async function issueWsTicket(
  db: Db,
  sessionId: number,
  now = Date.now(),
): Promise<{ ticket: string; expires_in: number }> {
  const ticket = randomBytes(32).toString('base64url')
  await db.insert(wsTickets).values({
    ticketHash: hashToken(ticket),
    sessionId,
    expiresAt: new Date(now + WS_TICKET_TTL_MS),
  })
  return { ticket, expires_in: WS_TICKET_TTL_MS / 1000 }
}

/**
 * Consumes `ticket`: deletes it and answers the session it was issued to, or null when it is unknown, already used
 * or expired (an expired one is deleted too). The caller still checks that the session is live.
 */
export async function consumeWsTicket(db: Db, ticket: string, now = Date.now()): Promise<number | null> {
  const rows = await db
    .delete(wsTickets)
    .where(eq(wsTickets.ticketHash, hashToken(ticket)))
    .returning({ sessionId: wsTickets.sessionId, expiresAt: wsTickets.expiresAt })
  const row = rows[0]
  if (!row || row.expiresAt.getTime() <= now) return null
  return row.sessionId
}
