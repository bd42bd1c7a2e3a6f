/**
 * Limit orders fill when the feed trades through their price (DESIGN §4 Spot): for every batch of feed trades of a
 * symbol, each open limit buy priced at or above a trade's price (a sell at or below) fills at its own limit price
 * (it rests, so it is the maker) for as much as that trade printed, up to what it still needs. Trades printed before
 * the order was placed do not count.
 *
 * Exactly once: each fill runs in its own transaction that locks the order row (FOR UPDATE) and skips a trade it has
 * already filled from (`spot_fills` is unique per order and feed event), so two server processes on one database, or
 * a batch seen twice, fill an order from a trade once.
 *
 * Budget: batches wait per symbol, one at a time; beyond MAX_PENDING_BATCHES per symbol the oldest waiting batch is
 * dropped and counted (a database far behind the feed must not grow the queue without bound). Only symbols with open
 * limit orders are looked at (no query per feed trade of a quiet market): this process's placements say so at once
 * (open-signal.ts), another process's are found by a refresh every WATCH_REFRESH_MS.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { compare, currencyScale, parseDecimal, round, sign, subtract } from '../../../common/amount'
import { OPEN_ORDER_STATES } from '../../../common/api/trade'
import type { TradeItem } from '../../../common/feed/messages'
import type { Db } from '../../db/client'
import { spotFills, spotOrders } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import type { MarketEvent, MarketService } from '../../market/types'
import { applyFill, type OrderRow } from './fills'
import { onLimitOrderOpened } from './open-signal'

/** Trade batches that may wait per symbol before the oldest is dropped (about 10 minutes of a 1/s feed). */
export const MAX_PENDING_BATCHES = 600
/** How often the symbols with open limit orders are read again, ms. */
export const WATCH_REFRESH_MS = 5000

/** A running matcher. */
export interface SpotMatcher {
  /** Resolves once every batch received so far is matched. */
  idle(): Promise<void>
  /** Fills made, batches dropped for the budget, matching failures (logged). */
  stats(): { fills: number; dropped: number; failures: number }
  stop(): void
}

type Batch = { symbol: string; trades: readonly TradeItem[]; recorded: boolean | undefined }

/** Starts matching the market's trades against open limit orders in `db`. */
export function startSpotMatcher(deps: {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent'>
  log?: (line: string) => void
  now?: () => Date
}): SpotMatcher {
  const queues = new Map<string, { pending: Batch[]; running: Promise<void> | undefined }>()
  const counts = { fills: 0, dropped: 0, failures: 0 }
  const run = async (q: { pending: Batch[] }) => {
    for (let batch = q.pending.shift(); batch; batch = q.pending.shift()) {
      try {
        counts.fills += await matchTrades(deps.db, deps.market.source, batch, deps.now?.() ?? new Date())
      } catch (err) {
        counts.failures++
        deps.log?.(`[trading] matching ${batch.symbol} failed: ${(err as Error).message}`)
      }
    }
  }
  const watched = new Set<string>()
  const refresh = async () => {
    try {
      const rows = await deps.db
        .selectDistinct({ symbol: spotOrders.symbol })
        .from(spotOrders)
        .where(and(eq(spotOrders.type, 'limit'), inArray(spotOrders.status, [...OPEN_ORDER_STATES])))
      const now = new Set(rows.map((r) => r.symbol))
      for (const s of watched) if (!now.has(s) && !queues.get(s)?.running) watched.delete(s)
      for (const s of now) watched.add(s)
    } catch (err) {
      deps.log?.(`[trading] reading the markets with open orders failed: ${(err as Error).message}`)
    }
  }
  const refreshed = refresh()
  const timer = setInterval(() => void refresh(), WATCH_REFRESH_MS)
  timer.unref()
  const unsignal = onLimitOrderOpened((symbol) => watched.add(symbol))
  const unlisten = deps.market.onEvent((e: MarketEvent) => {
    if (e.type !== 'trades' || e.trades.length === 0 || !watched.has(e.symbol)) return
    let q = queues.get(e.symbol)
    if (!q) queues.set(e.symbol, (q = { pending: [], running: undefined }))
    q.pending.push({ symbol: e.symbol, trades: e.trades, recorded: e.recorded })
    if (q.pending.length > MAX_PENDING_BATCHES) {
      q.pending.shift()
      counts.dropped++
    }
    if (!q.running) {
      const queue = q
      queue.running = run(queue).finally(() => (queue.running = undefined))
    }
  })
  return {
    async idle() {
      await refreshed
      for (;;) {
        const running = [...queues.values()].flatMap((q) => (q.running ? [q.running] : []))
        if (running.length === 0) return
        await Promise.all(running)
      }
    },
    stats: () => ({ ...counts }),
    stop() {
      clearInterval(timer)
      unsignal()
      unlisten()
    },
  }
}

/** Matches one batch; answers how many fills it made. */
export async function matchTrades(db: Db, source: MarketService['source'], batch: Batch, now: Date): Promise<number> {
  const prices = batch.trades.map((t) => parseDecimal(String(t.price)))
  const low = prices.reduce((a, b) => (compare(a, b) <= 0 ? a : b))
  const high = prices.reduce((a, b) => (compare(a, b) >= 0 ? a : b))
  // Two range reads on the partial index of open orders (symbol, side, price), one per side: an OR of the two makes
  // PostgreSQL scan every open order of the symbol.
  const open = (side: 'buy' | 'sell') =>
    db
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.symbol, batch.symbol),
          eq(spotOrders.side, side),
          side === 'buy' ? gte(spotOrders.price, low) : lte(spotOrders.price, high),
          eq(spotOrders.type, 'limit'),
          // Written out, not bound: the index's predicate must be provable when the statement is planned.
          sql`${spotOrders.status} in ('pending', 'partially_filled')`,
        ),
      )
  const candidates = [...(await open('buy')), ...(await open('sell'))].sort((a, b) => a.id - b.id)
  const trades = [...batch.trades].sort((a, b) => a.ts - b.ts || a.tradeId - b.tradeId)
  let fills = 0
  for (const order of candidates) {
    // Only the trades that can fill it open a transaction (which re-reads the order under its lock).
    const crossing = trades.filter((t) => t.ts >= order.createdAt.getTime() && crosses(order, t))
    for (const trade of crossing) {
      const id = order.id
      const filled = await moneyTransaction(db, (tx) => fillFromTrade(tx, id, trade, source, batch.recorded, now))
      if (filled === 'done') break
      if (filled === 'filled') fills++
    }
  }
  return fills
}

/** One order against one trade, in `tx`: `filled`, `skip` (not crossing, too early, seen), or `done` (not open). */
async function fillFromTrade(
  tx: Db,
  id: number,
  trade: TradeItem,
  source: MarketService['source'],
  recorded: boolean | undefined,
  now: Date,
): Promise<'filled' | 'skip' | 'done'> {
  const [order] = await tx.select().from(spotOrders).where(eq(spotOrders.id, id)).for('update')
  if (!order || !(OPEN_ORDER_STATES as readonly string[]).includes(order.status)) return 'done'
  if (trade.ts < order.createdAt.getTime() || !crosses(order, trade)) return 'skip'
  const ref = `trade:${trade.tradeId}`
  const [seen] = await tx
    .select({ id: spotFills.id })
    .from(spotFills)
    .where(and(eq(spotFills.orderId, id), eq(spotFills.feedRef, ref)))
  if (seen) return 'skip'
  const left = subtract(parseDecimal(order.amount), parseDecimal(order.filledAmount))
  const printed = round(parseDecimal(String(trade.amount)), currencyScale(order.base), 'down')
  const take = compare(printed, left) < 0 ? printed : left
  if (sign(take) <= 0) return 'skip'
  const event = {
    source,
    topic: `market.${order.symbol}.trade.detail`,
    ts: trade.ts,
    price: parseDecimal(String(trade.price)),
    ref,
    recorded: recorded ?? null,
  }
  const after = await applyFill(tx, order, { price: parseDecimal(order.price!), amount: take, event }, now)
  return after ? 'filled' : 'done'
}

/** A buy fills from a trade at or below its price, a sell from one at or above. */
function crosses(order: OrderRow, trade: TradeItem): boolean {
  const c = compare(parseDecimal(String(trade.price)), parseDecimal(order.price!))
  return order.side === 'buy' ? c <= 0 : c >= 0
}
