/**
 * Limit orders fill when the feed trades through their price (DESIGN §4 Spot, issue 21 part 4): for every feed trade
 * (print) of a symbol, the open limit buys priced at or above its price (the sells at or below) fill at their own
 * limit price (they rest, so they are makers) from what the print traded, never more: one print's size is shared
 * among them in price-time priority — the best price first, then the oldest — each taking what it still needs until
 * the print is used up (buys and sells each get the print's size: a print is a buyer and a seller meeting). Trades
 * printed before an order was placed do not count for it (feed time before the order's server time).
 *
 * Exactly once: a print is shared in one transaction per side that takes an advisory lock on the symbol's side, locks
 * the orders (FOR UPDATE) and subtracts what fills already took from that print (`spot_fills` rows citing it), and an
 * order never fills twice from one print (`spot_fills` is unique per order and feed event); so two server processes
 * on one database, or a batch seen twice, share a print once.
 *
 * Freshness (issue 21 part 3: every price that moves money has a maximum age): a print fills only when it was fresh
 * when it arrived — its feed time at most the market's `price_max_age_ms` (freshness.ts, default 2 s) before this
 * process received it. A print delivered late (a feed that stalled and then flushes old trades, a replay behind) fills
 * nothing: a user who saw it on the public feed could otherwise cancel or keep an order knowing where the price went
 * since. The time a batch then waits behind a slow database does not count (the print was fresh when it came; it is a
 * trade that happened on the venue at that price). Orders placed after its feed time never use it.
 *
 * Takeover (issue 22 part 6): a process matches only the markets whose partition its engine holds (`owns`), and an
 * engine that dies is replaced by another within a partition round; the prints of that gap (and those the dead one
 * had not matched yet) would otherwise fill nothing, leaving orders open that the market traded through. So each
 * process keeps the batches of the watched markets it does not own for REPLAY_KEEP_MS, and `gained()` (the engine
 * took partitions) matches those of the markets it now owns, as batches arriving then: a print older than the
 * market's maximum price age by then fills nothing, a print the previous holder already shared is not shared again.
 *
 * Budget: batches wait per symbol, one at a time; beyond MAX_PENDING_BATCHES per symbol the oldest waiting batch is
 * dropped and counted (a database far behind the feed must not grow the queue without bound). Only symbols with open
 * limit orders are looked at (no query per feed trade of a quiet market): this process's placements say so at once
 * (open-signal.ts), another process's are found by a refresh every WATCH_REFRESH_MS.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { compare, currencyScale, feedDecimal, parseDecimal, round, sign, subtract } from '../../../common/amount'
import { OPEN_ORDER_STATES } from '../../../common/api/trade'
import type { TradeItem } from '../../../common/feed/messages'
import type { Db } from '../../db/client'
import { spotFills, spotOrders } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import type { MarketEvent, MarketService } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { applyFill, type OrderRow } from './fills'
import { onLimitOrderOpened } from './open-signal'
import { spotFillEvent } from './views'
import { emitEvents } from '../../stream/events'
import type { UserEventOf } from '../../stream/trading-events'
import { tradeEvent } from '../feed-events'

/** Trade batches that may wait per symbol before the oldest is dropped (about 10 minutes of a 1/s feed). */
export const MAX_PENDING_BATCHES = 600
/**
 * How often the symbols with open limit orders are read again, ms: the longest a market whose first limit order was
 * placed through another process (an api process of a cluster) goes unwatched, its prints in that time filling
 * nothing. One indexed read per second per engine process (was 5 s: found by the cluster kill test).
 */
export const WATCH_REFRESH_MS = 1000
/** How long batches of markets this process does not own are kept for a takeover (`gained`), ms. */
export const REPLAY_KEEP_MS = 10_000

/** A running matcher. */
export interface SpotMatcher {
  /** Resolves once every batch received so far is matched. */
  idle(): Promise<void>
  /** Fills made, batches dropped for the budget, matching failures (logged). */
  stats(): { fills: number; dropped: number; failures: number }
  /**
   * Matches the kept batches (last REPLAY_KEEP_MS) of the markets this process owns now but did not when they came:
   * call it when the engine took partitions. They are matched as arriving now (see the module comment).
   */
  gained(): void
  stop(): void
}

/** A batch of prints as the feed delivered it; `arrivedAt` is when this process received it (epoch ms). */
type Batch = { symbol: string; trades: readonly TradeItem[]; recorded: boolean | undefined; arrivedAt?: number }

/** Starts matching the market's trades (of the symbols it `owns`) against open limit orders in `db`. */
export function startSpotMatcher(deps: {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent'>
  log?: (line: string) => void
  now?: () => Date
  /** Whether this process matches `symbol` now (its engine holds the market's partition); default every symbol. */
  owns?: (symbol: string) => boolean
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
  const clock = () => (deps.now?.() ?? new Date()).getTime()
  /** Batches of watched markets not owned when they came, per symbol, oldest first (for `gained`). */
  const unowned = new Map<string, Batch[]>()
  /** Queues `batches` of `symbol` (`first`: before what waits already) and starts its run unless one runs. */
  const enqueue = (symbol: string, batches: Batch[], first = false) => {
    let q = queues.get(symbol)
    if (!q) queues.set(symbol, (q = { pending: [], running: undefined }))
    if (first) q.pending.unshift(...batches)
    else q.pending.push(...batches)
    while (q.pending.length > MAX_PENDING_BATCHES) {
      q.pending.shift()
      counts.dropped++
    }
    if (!q.running) {
      const queue = q
      queue.running = run(queue).finally(() => (queue.running = undefined))
    }
  }
  const unlisten = deps.market.onEvent((e: MarketEvent) => {
    if (e.type !== 'trades' || e.trades.length === 0 || !watched.has(e.symbol)) return
    const arrivedAt = clock()
    const batch: Batch = { symbol: e.symbol, trades: e.trades, recorded: e.recorded, arrivedAt }
    if (deps.owns && !deps.owns(e.symbol)) {
      const kept = (unowned.get(e.symbol) ?? []).filter((b) => b.arrivedAt! >= arrivedAt - REPLAY_KEEP_MS)
      kept.push(batch)
      unowned.set(e.symbol, kept.slice(-MAX_PENDING_BATCHES))
      return
    }
    enqueue(e.symbol, [batch])
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
    gained() {
      const now = clock()
      for (const [symbol, kept] of unowned) {
        if (deps.owns && !deps.owns(symbol)) continue
        unowned.delete(symbol)
        const recent = kept.filter((b) => b.arrivedAt! >= now - REPLAY_KEEP_MS)
        // Before the batches that came since it owns the market: they are older.
        if (recent.length > 0)
          enqueue(
            symbol,
            recent.map((b) => ({ ...b, arrivedAt: now })),
            true,
          )
      }
    },
    stop() {
      clearInterval(timer)
      unsignal()
      unlisten()
    },
  }
}

/**
 * The open limit orders of a symbol a batch of prints may fill: buys at or above `low`, sells at or below `high`. Two
 * range reads on the partial index of open orders (symbol, side, price), one per side, in one prepared statement
 * (UNION ALL; an OR of the two makes PostgreSQL scan every open order of the symbol). Prepared once per database: the
 * query builder cost more than the read itself (2.1 ms against 0.33 ms per batch, measured on this machine).
 */
const openOrders = new WeakMap<Db, ReturnType<typeof prepareOpenOrders>>()

function prepareOpenOrders(db: Db) {
  const side = (s: 'buy' | 'sell') =>
    db
      .select()
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.symbol, sql.placeholder('symbol')),
          eq(spotOrders.side, s),
          s === 'buy' ? gte(spotOrders.price, sql.placeholder('low')) : lte(spotOrders.price, sql.placeholder('high')),
          eq(spotOrders.type, 'limit'),
          // Written out, not bound: the index's predicate must be provable when the statement is planned.
          sql`${spotOrders.status} in ('pending', 'partially_filled')`,
        ),
      )
  return side('buy').unionAll(side('sell')).prepare('spot_match_open_orders')
}

function openOrdersQuery(db: Db) {
  let q = openOrders.get(db)
  if (!q) openOrders.set(db, (q = prepareOpenOrders(db)))
  return q
}

/** Matches one batch; answers how many fills it made. */
export async function matchTrades(db: Db, source: MarketService['source'], batch: Batch, now: Date): Promise<number> {
  // A print whose price or size is not a usable feed number (feed-number.ts), or that was stale when it arrived (the
  // header), fills nothing.
  const maxAgeMs = await priceMaxAgeMs(db, batch.symbol)
  const arrived = batch.arrivedAt ?? now.getTime()
  const usable = batch.trades.filter(
    (t) => feedDecimal(t.price) && feedDecimal(t.amount) && isFresh(t.ts, arrived, maxAgeMs),
  )
  if (usable.length === 0) return 0
  const prices = usable.map((t) => feedDecimal(t.price)!)
  const low = prices.reduce((a, b) => (compare(a, b) <= 0 ? a : b))
  const high = prices.reduce((a, b) => (compare(a, b) >= 0 ? a : b))
  const rows = await openOrdersQuery(db).execute({ symbol: batch.symbol, low, high })
  const candidates = { buy: rows.filter((o) => o.side === 'buy'), sell: rows.filter((o) => o.side === 'sell') }
  const trades = [...usable].sort((a, b) => a.ts - b.ts || a.tradeId - b.tradeId)
  let fills = 0
  for (const trade of trades) {
    for (const side of ['buy', 'sell'] as const) {
      // Only a print that can fill one of them opens a transaction (which re-reads the orders under their locks).
      const ids = candidates[side].filter((o) => eligible(o, trade)).map((o) => o.id)
      if (ids.length === 0) continue
      const print = { symbol: batch.symbol, side, ids, trade, source, recorded: batch.recorded }
      const r = await moneyTransaction(db, (tx) => sharePrint(tx, print, now))
      fills += r.fills
      if (r.closed.length > 0) candidates[side] = candidates[side].filter((o) => !r.closed.includes(o.id))
    }
  }
  return fills
}

/** One print offered to the resting orders of one side. */
interface Print {
  symbol: string
  side: 'buy' | 'sell'
  /** The open orders that may fill from it, as last read. */
  ids: number[]
  trade: TradeItem
  source: MarketService['source']
  recorded: boolean | undefined
}

/**
 * Shares one print among the resting orders of one side in `tx`, in price-time priority (the best price first —
 * highest buy, lowest sell — then the oldest), each taking what it still needs from what is left of the print after
 * what earlier fills from it took. The print's side of the symbol is locked first (a transaction-scoped advisory
 * lock), so two processes matching the same print share it once between them; then the orders (FOR UPDATE, in
 * priority order), so a cancel waits. Answers the fills made and the orders found no longer open or filled now.
 */
async function sharePrint(tx: Db, p: Print, now: Date): Promise<{ fills: number; closed: number[] }> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${PRINT_LOCK_CLASS}::int, hashtext(${`${p.symbol}:${p.side}`}::text))`,
  )
  const orders = await tx
    .select()
    .from(spotOrders)
    .where(and(inArray(spotOrders.id, p.ids), inArray(spotOrders.status, [...OPEN_ORDER_STATES])))
    .orderBy(
      p.side === 'buy' ? desc(spotOrders.price) : asc(spotOrders.price),
      asc(spotOrders.createdAt),
      asc(spotOrders.id),
    )
    .for('update')
  const open = new Set(orders.map((o) => o.id))
  const closed = p.ids.filter((id) => !open.has(id))
  if (orders.length === 0) return { fills: 0, closed }
  const ref = `trade:${p.trade.tradeId}`
  const feedTs = new Date(p.trade.ts)
  const earlier = await tx
    .select({ orderId: spotFills.orderId, amount: spotFills.amount, feedTs: spotFills.feedTs })
    .from(spotFills)
    .innerJoin(spotOrders, eq(spotFills.orderId, spotOrders.id))
    .where(and(eq(spotFills.feedRef, ref), eq(spotOrders.symbol, p.symbol), eq(spotOrders.side, p.side)))
  // An order that filled from this trade id once never does again; the print's size counts the fills of this print
  // (same id and feed time: a restarted simulator may reuse an id).
  const seen = new Set(earlier.map((f) => f.orderId))
  const printed = round(feedDecimal(p.trade.amount)!, currencyScale(orders[0]!.base), 'down')
  let left = earlier
    .filter((f) => f.feedTs.getTime() === feedTs.getTime())
    .reduce((rest, f) => subtract(rest, parseDecimal(f.amount)), printed)
  const event = tradeEvent(p.source, p.symbol, p.trade, feedDecimal(p.trade.price)!, p.recorded)
  let fills = 0
  const events: UserEventOf[] = []
  for (const order of orders) {
    if (sign(left) <= 0) break
    if (seen.has(order.id) || !eligible(order, p.trade)) continue
    const need = subtract(parseDecimal(order.amount), parseDecimal(order.filledAmount))
    const take = compare(left, need) < 0 ? left : need
    if (sign(take) <= 0) continue
    const after = await applyFill(tx, order, { price: parseDecimal(order.price!), amount: take, event }, now)
    if (!after) continue
    fills++
    events.push(spotFillEvent(after))
    left = subtract(left, take)
    if (after.status === 'filled') closed.push(order.id)
  }
  // One statement for every user this print filled (emitEvents locks their sequences in user id order).
  await emitEvents(tx, events)
  return { fills, closed }
}

/** The advisory-lock class (first key) of print sharing: the second key is the hash of `symbol:side`. */
const PRINT_LOCK_CLASS = 7_021

/**
 * True when `trade` may fill `order`: printed at or after the order was placed (an order never fills from a print
 * older than itself), and through its price — a buy from a trade at or below its price, a sell at or above.
 */
function eligible(order: OrderRow, trade: TradeItem): boolean {
  if (trade.ts < order.createdAt.getTime()) return false
  const c = compare(feedDecimal(trade.price)!, parseDecimal(order.price!))
  return order.side === 'buy' ? c <= 0 : c >= 0
}
