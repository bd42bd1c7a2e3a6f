/**
 * Price alerts (issue 24 part 6; common/api/notify.ts): an account's above/below targets on a market, checked against
 * the feed's last price by the alert watcher (alert-watcher.ts) and fired once.
 *
 * An alert already met when created is refused, as Binance's and OKX's price alerts refuse a target on the wrong side
 * of the current price: `above` must be above the last price, `below` below it. An alert fires at the first feed
 * ticker whose last price reaches it; firing sets `fired_at` and `fired_price` by a conditional update (`fired_at is
 * null`), so when several watchers run (one per jobs process) exactly one fires it, and writes the user's `notices`
 * event `price_alert` in the same transaction (the in-app toast and, through the relay, the push).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { compare, feedDecimal, parseDecimal, type DecimalString } from '../../common/amount'
import {
  MAX_ACTIVE_ALERTS,
  type AlertCreateInput,
  type AlertDirection,
  type AlertList,
  type PriceAlert,
} from '../../common/api/notify'
import type { NoticeEventData } from '../../common/api/stream'
import type { Db } from '../db/client'
import { priceAlerts } from '../db/schema'
import { badField, DomainError, notFound } from '../domain/errors'
import type { MarketService } from '../market/types'
import { emitEvents } from '../stream/events'

/** Fired alerts kept in the list answer (newest first), besides every active one. */
export const FIRED_ALERTS_LISTED = 20

type AlertRow = typeof priceAlerts.$inferSelect

/** NOTIFY channel announcing a created or deleted alert to the watchers (alert-watcher.ts; no payload). */
export const PRICE_ALERTS_CHANNEL = 'tc_price_alerts'

/** A change of the active alerts as the watchers apply it: one created, or one deleted. */
export type AlertChange = { created: ActiveAlert } | { deleted: number }

/**
 * Announces `change` to every watcher, on commit of `db`'s transaction: the payload carries it (JSON), so a watcher
 * applies it to its index without reading the table (an empty payload would make it reload all).
 */
export async function notifyAlertsChanged(db: Db, change: AlertChange): Promise<void> {
  await db.execute(sql`select pg_notify(${PRICE_ALERTS_CHANNEL}, ${JSON.stringify(change)})`)
}

/** The change a NOTIFY payload carries, or undefined (reload all) when it is not one. */
export function alertChangeOf(payload: string | undefined): AlertChange | undefined {
  try {
    const v = JSON.parse(payload ?? '') as Partial<{ created: ActiveAlert; deleted: number }>
    if (typeof v.deleted === 'number') return { deleted: v.deleted }
    const c = v.created
    if (c && typeof c.id === 'number' && typeof c.symbol === 'string' && typeof c.createdAt === 'number') {
      if ((c.direction === 'above' || c.direction === 'below') && typeof c.price === 'string') {
        return { created: { ...c, price: parseDecimal(c.price) } }
      }
    }
  } catch {
    // not a change: reload all
  }
  return undefined
}

function alertView(r: AlertRow): PriceAlert {
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    price: parseDecimal(r.price),
    state: r.firedAt ? 'fired' : 'active',
    created_at: r.createdAt.getTime(),
    fired_at: r.firedAt ? r.firedAt.getTime() : null,
    fired_price: r.firedPrice === null ? null : parseDecimal(r.firedPrice),
  }
}

/** True when `last` meets an alert at `price` in `direction` (reached or passed). */
export function alertMet(direction: AlertDirection, price: DecimalString, last: DecimalString): boolean {
  const c = compare(last, price)
  return direction === 'above' ? c >= 0 : c <= 0
}

/** The last price of `symbol` as a decimal string, or undefined before the first ticker or for an unknown market. */
export function lastPriceOf(market: MarketService, symbol: string): DecimalString | undefined {
  const tick = market.lastTicker(symbol)
  return tick ? feedDecimal(tick.close) : undefined
}

/**
 * Creates an alert of `userId`.
 * @throws DomainError bad_input on `symbol` (not a listed market), `price` (already met at the last price; more
 *   decimals than the market's price precision), rejected `alertTooMany` over MAX_ACTIVE_ALERTS active alerts
 */
export async function createAlert(
  db: Db,
  market: MarketService,
  userId: number,
  input: AlertCreateInput,
): Promise<PriceAlert> {
  const listing = market.listings().find((l) => l.symbol === input.symbol)
  if (!listing) throw badField('symbol', 'alertNoPrice')
  const last = lastPriceOf(market, input.symbol)
  if (last === undefined) throw badField('symbol', 'alertNoPrice')
  const price = parseDecimal(input.price)
  const decimals = price.includes('.') ? price.length - price.indexOf('.') - 1 : 0
  if (decimals > listing.price_precision) {
    throw new DomainError('bad_input', 'priceTooManyDecimals', {
      field: 'price',
      issues: [{ field: 'price', messageKey: 'priceTooManyDecimals' }],
      vars: { symbol: `${listing.base}/${listing.quote}`, scale: listing.price_precision },
    })
  }
  if (alertMet(input.direction, price, last)) {
    const key = input.direction === 'above' ? 'alertAlreadyAbove' : 'alertAlreadyBelow'
    throw new DomainError('bad_input', key, {
      field: 'price',
      issues: [{ field: 'price', messageKey: key }],
      vars: { last },
    })
  }
  return db.transaction(async (tx) => {
    // One account's creations in turn (the count below is then exact under concurrency).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_alerts'), ${userId})`)
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), isNull(priceAlerts.firedAt)))
    if ((count?.n ?? 0) >= MAX_ACTIVE_ALERTS) {
      throw new DomainError('rejected', 'alertTooMany', { vars: { max: MAX_ACTIVE_ALERTS } })
    }
    const [row] = await tx
      .insert(priceAlerts)
      .values({ userId, symbol: input.symbol, direction: input.direction, price })
      .returning()
    const made = row!
    await notifyAlertsChanged(tx, {
      created: {
        id: made.id,
        symbol: made.symbol,
        direction: made.direction,
        price: parseDecimal(made.price),
        createdAt: made.createdAt.getTime(),
      },
    })
    return alertView(made)
  })
}

/** The alerts of `userId` (of one market when `symbol` is given): every active one, then the last fired ones. */
export async function listAlerts(db: Db, userId: number, symbol?: string): Promise<AlertList> {
  const mine =
    symbol === undefined
      ? eq(priceAlerts.userId, userId)
      : and(eq(priceAlerts.userId, userId), eq(priceAlerts.symbol, symbol))
  const active = await db
    .select()
    .from(priceAlerts)
    .where(and(mine, isNull(priceAlerts.firedAt)))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
  const fired = await db
    .select()
    .from(priceAlerts)
    .where(and(mine, sql`${priceAlerts.firedAt} is not null`))
    .orderBy(desc(priceAlerts.firedAt), desc(priceAlerts.id))
    .limit(FIRED_ALERTS_LISTED)
  return { list: [...active, ...fired].map(alertView) }
}

/**
 * Deletes alert `id` of `userId` (active or fired) and answers the account's alerts of its market.
 * @throws DomainError not_found `alertNotFound` (no such alert of this user)
 */
export async function deleteAlert(db: Db, userId: number, id: number): Promise<AlertList> {
  const row = await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning({ symbol: priceAlerts.symbol })
    if (gone) await notifyAlertsChanged(tx, { deleted: id })
    return gone
  })
  if (!row) throw notFound('alertNotFound', 'id')
  return listAlerts(db, userId, row.symbol)
}

/** An active alert as the watcher holds it. */
export interface ActiveAlert {
  id: number
  symbol: string
  direction: AlertDirection
  price: DecimalString
  /** When it was created, ms since the epoch (the database's clock). */
  createdAt: number
}

/** Every active alert, for the watcher's index. */
export async function activeAlerts(db: Db): Promise<ActiveAlert[]> {
  const rows = await db
    .select({
      id: priceAlerts.id,
      symbol: priceAlerts.symbol,
      direction: priceAlerts.direction,
      price: priceAlerts.price,
      createdAt: priceAlerts.createdAt,
    })
    .from(priceAlerts)
    .where(isNull(priceAlerts.firedAt))
  return rows.map((r) => ({ ...r, price: parseDecimal(r.price), createdAt: r.createdAt.getTime() }))
}

/**
 * Fires alerts `ids` at last price `last`: those still active are marked fired and their users' `price_alert` notices
 * written, in one transaction. Answers the alerts this call fired (none that another watcher fired first).
 */
export async function fireAlerts(db: Db, ids: readonly number[], last: DecimalString): Promise<PriceAlert[]> {
  if (ids.length === 0) return []
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(priceAlerts)
      .set({ firedAt: sql`now()`, firedPrice: last })
      .where(and(inArray(priceAlerts.id, [...ids]), isNull(priceAlerts.firedAt)))
      .returning()
    const events = rows
      .map((r) => {
        const data: NoticeEventData = {
          event: 'price_alert',
          id: r.id,
          state: r.direction,
          symbol: r.symbol,
          price: parseDecimal(r.price),
          last_price: last,
        }
        return { userId: r.userId, topic: 'notices' as const, data }
      })
      .sort((a, b) => a.userId - b.userId)
    await emitEvents(tx, events)
    return rows.map(alertView)
  })
}
