/**
 * The futures risk engine of one server process: the risk book (risk-book.ts) loaded from the database, checked on
 * every mark-price tick, and pending limit orders matched against every feed trade. Decisions are carried out in the
 * database by liquidate.ts and entrusts.ts, each in its own transaction under the account lock, so several processes
 * on one database may decide the same thing and it still happens once.
 *
 * The book follows the database: a committed change of an account is announced on CONTRACT_CHANNEL (account.ts) and
 * reloaded here; everything is reloaded every FULL_RELOAD_MS and whenever the listener comes back after a loss (a
 * notice may have been missed). Budget: at most MAX_IN_FLIGHT actions run at once (one account's in the order they
 * were decided: a take-profit reached before a crash is carried out before the liquidation the crash calls for) and
 * MAX_QUEUED wait; beyond that new decisions are dropped and counted (the next tick decides them again).
 */
import type { FeedEvent } from '../../../common/api/trade'
import type { Book } from '../../../common/api/user-info'
import { feedDecimal } from '../../../common/trading/mark-price'
import { listenChannel, type ChangeFeed } from '../../cache/change-feed'
import type { Db } from '../../db/client'
import type { MarketEvent, MarketService } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { accountKeyOf, CONTRACT_CHANNEL, parseAccountKey } from './account'
import { closeOrderMatcher } from './close-matcher'
import { readBookRows, riskPosition, walletBalance } from './book-rows'
import { allocatePrint, fillEntrust } from './entrusts'
import { closeByTrigger, liquidateAccount, liquidateAccounts } from './liquidate'
import { marksFor, type MarkSnapshot } from './marks'
import { PX, RiskBook, toUnits, type RiskAction } from './risk-book'

/** How often the whole book is read again, ms (the safety net behind the notices). */
export const FULL_RELOAD_MS = 30_000
/** Actions running at once (each holds a database connection). */
export const MAX_IN_FLIGHT = 4
/** Accounts liquidated in one transaction at most (a tick that crosses many liquidation prices). */
export const LIQUIDATION_BATCH = 200
/** Actions waiting; past it decisions are dropped and counted. */
export const MAX_QUEUED = 10_000

/** A pending limit order as the matcher keeps it. */
interface Entrust {
  id: number
  book: Book
  userId: number
  side: 'long' | 'short'
  price: string
  amount: string
  createdAt: number
}

/** Counters, for tests and the devtools-like `stats()`. */
export interface EngineStats {
  ticks: number
  actions: number
  liquidations: number
  triggers: number
  fills: number
  dropped: number
  failures: number
  reloads: number
}

/** A running engine. */
export interface ContractEngine {
  readonly book: RiskBook
  stats(): EngineStats
  /** Reloads every account now. */
  reloadAll(): Promise<void>
  /** Resolves once no action runs or waits and no reload is pending. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/** Starts the engine on `market`'s feed and `db`. */
export async function startContractEngine(deps: {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent' | 'listings' | 'lastBook'>
  log?: (line: string) => void
  now?: () => Date
}): Promise<ContractEngine> {
  const log = deps.log ?? (() => {})
  const marks = marksFor(deps.market)
  const book = new RiskBook()
  const entrusts = new Map<string, Entrust[]>()
  const stats: EngineStats = {
    ticks: 0,
    actions: 0,
    liquidations: 0,
    triggers: 0,
    fills: 0,
    dropped: 0,
    failures: 0,
    reloads: 0,
  }
  const act = { db: deps.db, marks, now: deps.now, market: deps.market }
  const placing = act
  const closing = closeOrderMatcher(placing)
  const clock = () => deps.now?.() ?? new Date()
  /** True when every mark of `symbols` exists and is fresh (issue 21 part 3: a stale mark pauses triggers and
   * liquidation; the next fresh tick decides again, since the risk book decides on every tick). */
  const marksFresh = async (symbols: Iterable<string>) => {
    for (const symbol of symbols) {
      const m = marks.mark(symbol)
      if (!m || !isFresh(m.event.ts, clock(), await priceMaxAgeMs(deps.db, symbol))) return false
    }
    return true
  }

  // ---- the action queue: one account's actions run one after another, in the order they were decided ----
  type Job = { key: string; account: string; run: () => Promise<unknown>; liquidation?: { book: Book; userId: number } }
  const inFlight = new Set<string>()
  const busyAccounts = new Set<string>()
  const queue: Job[] = []
  let running = 0
  let idleWaiters: (() => void)[] = []
  /** Accounts acted on since the last mark tick: their reloads do not decide again until a new mark. */
  const actedSinceTick = new Set<string>()
  const settleIdle = () => {
    if (running === 0 && queue.length === 0 && reloading.size === 0 && !reloadRunning) {
      for (const w of idleWaiters.splice(0)) w()
    }
  }
  /** Runnable liquidations queued from index `i` on (accounts not busy), at most LIQUIDATION_BATCH, taken out. */
  const takeLiquidations = (i: number): Job[] => {
    const taken: Job[] = []
    for (let j = i; j < queue.length && taken.length < LIQUIDATION_BATCH;) {
      const job = queue[j]!
      if (job.liquidation && !busyAccounts.has(job.account)) {
        queue.splice(j, 1)
        busyAccounts.add(job.account)
        taken.push(job)
      } else j++
    }
    return taken
  }
  const start = (jobs: Job[], run: () => Promise<unknown>) => {
    // The reload after an action answers what the account calls for at the same marks; the database just said (a
    // "healthy" or "no_mark" liquidation, say). Deciding on it again before the next tick would loop.
    for (const j of jobs) actedSinceTick.add(j.account)
    running++
    stats.actions += jobs.length
    run()
      .catch((err: unknown) => {
        stats.failures++
        log(
          `[contract] ${jobs.map((j) => j.key).join(', ')} failed: ${err instanceof Error ? err.message : String(err)}`,
        )
      })
      .finally(() => {
        running--
        for (const j of jobs) {
          busyAccounts.delete(j.account)
          inFlight.delete(j.key)
        }
        pump()
        settleIdle()
      })
  }
  const pump = () => {
    for (let i = 0; running < MAX_IN_FLIGHT && i < queue.length;) {
      const job = queue[i]!
      if (busyAccounts.has(job.account)) {
        i++
        continue
      }
      if (job.liquidation) {
        const jobs = takeLiquidations(i)
        start(jobs, () => liquidateBatch(jobs))
        continue
      }
      queue.splice(i, 1)
      busyAccounts.add(job.account)
      start([job], job.run)
    }
  }
  const enqueue = (job: Job) => {
    if (inFlight.has(job.key)) return
    if (queue.length >= MAX_QUEUED) {
      stats.dropped++
      return
    }
    inFlight.add(job.key)
    queue.push(job)
    pump()
  }
  /** Liquidates a batch in one transaction; accounts it defers (pending orders) or a failed batch, one by one. */
  const liquidateBatch = async (all: Job[]) => {
    const jobs: Job[] = []
    for (const j of all) if (await marksFresh(book.symbolsOf(j.account))) jobs.push(j)
    if (jobs.length === 0) return
    let outcomes: Map<string, string> | undefined
    try {
      outcomes = await liquidateAccounts(
        act,
        jobs.map((j) => j.liquidation!),
      )
    } catch (err) {
      stats.failures++
      log(`[contract] a batch of ${jobs.length} liquidations failed, one by one instead: ${(err as Error).message}`)
    }
    for (const j of jobs) {
      const outcome = outcomes?.get(j.account)
      if (outcome === 'liquidated') stats.liquidations++
      else if (outcome === undefined || outcome === 'deferred')
        await j.run().catch((err: unknown) => {
          stats.failures++
          log(`[contract] ${j.key} failed: ${err instanceof Error ? err.message : String(err)}`)
        })
    }
    for (const j of jobs) reload(j.account)
  }

  // ---- loading ----
  const reloading = new Set<string>()
  /** Accounts the book holds. */
  const allKeys = new Set<string>()
  let reloadRunning: Promise<void> | undefined
  const load = async (keys: string[] | 'all') => {
    const { byAccount, available, pending } = await readBookRows(deps.db, keys)
    const touched = keys === 'all' ? new Set([...byAccount.keys()]) : new Set(keys)
    if (keys === 'all') for (const key of [...allKeys]) if (!touched.has(key)) book.removeAccount(key)
    const due: RiskAction[] = []
    for (const key of touched) {
      const rows = byAccount.get(key) ?? []
      const actions = book.setAccount({
        key,
        walletBalance: walletBalance(available.get(key) ?? '0', rows),
        positions: rows.map(riskPosition),
      })
      // An account loaded after the tick that crossed its liquidation price or a trigger (its position was opened, or
      // its notice read, just after) is acted on now, not at the next tick of its symbols, which may be a while away.
      if (!actedSinceTick.has(key)) due.push(...actions)
      if (rows.length > 0) allKeys.add(key)
      else allKeys.delete(key)
    }
    // Entrusts: replace those of the reloaded accounts (all of them on a full reload).
    for (const [symbol, list] of entrusts) {
      const kept = keys === 'all' ? [] : list.filter((e) => !touched.has(accountKeyOf(e.book, e.userId)))
      entrusts.set(symbol, kept)
    }
    for (const o of pending) {
      if (keys !== 'all' && !touched.has(accountKeyOf(o.book, o.userId))) continue
      const list = entrusts.get(o.symbol) ?? []
      list.push({
        id: o.id,
        book: o.book,
        userId: o.userId,
        side: o.side,
        price: o.price!,
        amount: o.amount,
        createdAt: o.createdAt.getTime(),
      })
      entrusts.set(o.symbol, list)
    }
    stats.reloads++
    for (const a of due) decide(a)
  }
  const drainReloads = () => {
    reloadRunning ??= (async () => {
      while (reloading.size > 0) {
        const keys = [...reloading]
        reloading.clear()
        try {
          await load(keys.includes('*') ? 'all' : keys)
        } catch (err) {
          stats.failures++
          log(`[contract] reloading accounts failed: ${err instanceof Error ? err.message : String(err)}`)
        }
      }
    })().finally(() => {
      reloadRunning = undefined
      settleIdle()
    })
  }
  const reload = (key: string) => {
    reloading.add(key)
    drainReloads()
  }

  // ---- deciding ----
  /**
   * Queues what `a` calls for; a trigger closes at the book (liquidate.ts), recorded with `mark` (default: the
   * latest). Nothing is done on a stale mark: the next fresh tick decides again.
   */
  const decide = (a: RiskAction, mark?: MarkSnapshot) => {
    const who = parseAccountKey(a.accountKey)
    if (!who) return
    if (a.kind === 'liquidation') {
      enqueue({
        key: `liquidation:${a.accountKey}`,
        account: a.accountKey,
        liquidation: who,
        run: async () => {
          if (!(await marksFresh(book.symbolsOf(a.accountKey)))) return
          if ((await liquidateAccount(act, who)) === 'liquidated') stats.liquidations++
        },
      })
    } else {
      const at = mark ?? marks.mark(a.symbol)
      if (!at) return
      enqueue({
        key: `trigger:${a.positionId}`,
        account: a.accountKey,
        run: async () => {
          if (await closeByTrigger(act, who, a.positionId, a.kind, at)) stats.triggers++
          // The risk book decides a reached trigger instead of the account's liquidation (the close comes first), so an
          // account at or below its maintenance margin is checked again right after it, under its lock, at the marks:
          // closed or not (a loss beyond the whole wallet, a book too thin or past the slippage cap), the trigger would
          // otherwise hold the liquidation off on every tick.
          if ((book.marginHeadroom(a.accountKey) ?? 1n) <= 0n && (await marksFresh(book.symbolsOf(a.accountKey)))) {
            if ((await liquidateAccount(act, who)) === 'liquidated') stats.liquidations++
          }
          reload(a.accountKey)
        },
      })
    }
  }
  const unmark = marks.onMark((m) => {
    stats.ticks++
    actedSinceTick.clear()
    for (const a of book.tick(m.symbol, toUnits(m.price, PX))) decide(a, m)
  })
  const unlisten = deps.market.onEvent((e: MarketEvent) => {
    if (e.type !== 'trades') return
    // Reduce-only limit orders (close-matcher.ts): one job per batch of prints, the symbol's batches in order.
    if (closing.watching(e.symbol)) {
      const key = `close-orders:${e.symbol}`
      enqueue({
        key: `${key}:${e.trades[0]?.tradeId}`,
        account: key,
        run: async () => (stats.fills += await closing.match(e)),
      })
    }
    const list = entrusts.get(e.symbol)
    if (!list || list.length === 0) return
    for (const t of e.trades) {
      const price = feedDecimal(t.price)
      const size = feedDecimal(t.amount)
      if (!price || !size) continue
      const event: FeedEvent = {
        source: deps.market.source,
        topic: `market.${e.symbol}.trade.detail`,
        ts: t.ts,
        price,
        ref: `trade:${t.tradeId}`,
        recorded: e.recorded ?? null,
      }
      for (const o of allocatePrint(list, t.ts, price, size)) {
        // Out of the list until its account reloads: another print may not count on it meanwhile.
        list.splice(list.indexOf(o), 1)
        const account = accountKeyOf(o.book, o.userId)
        enqueue({
          key: `fill:${o.id}`,
          account,
          run: async () => {
            if ((await fillEntrust(placing, o, event, size)) === 'filled') stats.fills++
            reload(account)
          },
        })
      }
    }
  })

  let feed: ChangeFeed | undefined
  let wasListening = true
  feed = await listenChannel(
    deps.db,
    CONTRACT_CHANNEL,
    {
      onNotice: (payload) => {
        if (payload && parseAccountKey(payload)) reload(payload)
      },
      onListening: (listening) => {
        if (listening && !wasListening) reload('*')
        wasListening = listening
      },
    },
    log,
  )
  await load('all')
  const timer = setInterval(() => reload('*'), FULL_RELOAD_MS)
  timer.unref()
  return {
    book,
    stats: () => ({ ...stats }),
    reloadAll: () => load('all'),
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      }),
    async stop() {
      clearInterval(timer)
      unmark()
      unlisten()
      await feed?.close()
      feed = undefined
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
      idleWaiters = []
    },
  }
}
