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
 *
 * The engine is a RiskEngine object whose state lives in its fields (the risk book, the matcher's pending orders, the
 * action queue, the reloads waiting); its decisions are the pure functions of engine-plan.ts, unit-tested there.
 */
import { listenChannel, type ChangeFeed } from '../../cache/change-feed'
import type { MarketEvent } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { accountKeyOf, CONTRACT_CHANNEL, parseAccountKey } from './account'
import { closeOrderMatcher, type CloseOrderMatcher } from './close-matcher'
import { entrustOf, readBookRows, riskPosition, walletBalance } from './book-rows'
import { fillEntrust, takeShares } from './entrusts'
import {
  actionKey,
  afterBatch,
  checkLiquidationAfterTrigger,
  dueOnLoad,
  gainedTriggers,
  replaceEntrusts,
  type Entrust,
} from './engine-plan'
import { ActionQueue, ENGINE_LIMITS, type QueuedJob } from './engine-queue'
import { noStats, type ContractEngine, type EngineDeps, type EngineStats } from './engine-types'

export { LIQUIDATION_BATCH, MAX_IN_FLIGHT, MAX_QUEUED } from './engine-queue'
export type { ContractEngine, EngineDeps, EngineStats } from './engine-types'
import { closeByTrigger, liquidateAccount, liquidateAccounts, type LiquidationDeps } from './liquidate'
import { marksFor, type MarkBoard, type MarkSnapshot } from './marks'
import { accountPartition, symbolPartition } from '../../cluster/partitions'
import { PX, RiskBook, toUnits, type RiskAction } from './risk-book'
import { RecentMarks, RecentPrints } from './recent-prints'

/** How often the whole book is read again, ms (the safety net behind the notices). */
export const FULL_RELOAD_MS = 30_000
/**
 * A queued action: what it is (engine-plan.ts) and how to carry it out; `symbol` for the fills of a market's pending
 * orders (owned by the market's partition, not the account's).
 */
type Job = QueuedJob & { symbol?: string }

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** The risk engine of one process (see the header); `startContractEngine` starts one. */
export class RiskEngine implements ContractEngine {
  readonly book = new RiskBook()
  private readonly marks: MarkBoard
  private readonly act: LiquidationDeps
  /** The reduce-only limit orders' matcher (close-matcher.ts). */
  private readonly closing: CloseOrderMatcher
  private readonly log: (line: string) => void
  private readonly counters: EngineStats = noStats()
  /** The matcher's pending limit orders by symbol. */
  private entrusts = new Map<string, Entrust[]>()
  private readonly actions = new ActionQueue<Job>(ENGINE_LIMITS, {
    run: (jobs) => (jobs[0]!.liquidation ? this.liquidateBatch(jobs) : jobs[0]!.run()),
    onStart: (jobs) => {
      // The reload after an action answers what the account calls for at the same marks; the database just said (a
      // "healthy" or "no_mark" liquidation, say). Deciding on it again before the next tick would loop.
      for (const j of jobs) {
        this.actedSinceTick.add(j.account)
        this.deps.onAction?.(j.key, j.account)
      }
      this.counters.actions += jobs.length
    },
    onFailure: (jobs, err) => {
      this.counters.failures++
      this.log(`[contract] ${jobs.map((j) => j.key).join(', ')} failed: ${message(err)}`)
    },
    onSettled: () => this.settleIdle(),
  })
  private idleWaiters: (() => void)[] = []
  /** Accounts acted on since the last mark tick: their reloads do not decide again until a new mark. */
  private readonly actedSinceTick = new Set<string>()
  /** Account keys waiting to be reloaded (`*`: all). */
  private readonly reloading = new Set<string>()
  /** Accounts the book holds. */
  private readonly allKeys = new Set<string>()
  private reloadRunning: Promise<void> | undefined
  private feed: ChangeFeed | undefined
  private wasListening = true
  private timer: ReturnType<typeof setInterval> | undefined
  private unmark: () => void = () => {}
  private unlisten: () => void = () => {}
  /** The partitions acted on (undefined: all); see EngineDeps.scope and `narrow`. */
  private scope: ReadonlySet<number> | undefined
  /** Every market's prints of the last seconds, for the markets a takeover gains (recent-prints.ts). */
  private readonly recentPrints = new RecentPrints()
  /** Every market's marks of the last seconds, for the triggers of the accounts a takeover gains. */
  private readonly recentMarks = new RecentMarks()
  /** Partitions gained by `widen` whose markets' recent prints are matched once their orders are loaded. */
  private gained = new Set<number>()

  constructor(private readonly deps: EngineDeps) {
    this.scope = deps.scope
    this.log = deps.log ?? (() => {})
    this.marks = marksFor(deps.market)
    this.act = { db: deps.db, marks: this.marks, now: deps.now, market: deps.market }
    this.closing = closeOrderMatcher(this.act)
  }

  /** Follows the marks, the feed's trades and the account notices, loads every account and starts the full reloads. */
  async start(): Promise<void> {
    this.unmark = this.marks.onMark((m) => this.onTick(m))
    this.unlisten = this.deps.market.onEvent((e) => this.onPrint(e))
    this.feed = await listenChannel(
      this.deps.db,
      CONTRACT_CHANNEL,
      {
        onNotice: (payload) => {
          if (payload && parseAccountKey(payload)) this.reload(payload)
        },
        onListening: (listening) => {
          if (listening && !this.wasListening) this.reload('*')
          this.wasListening = listening
        },
      },
      this.log,
    )
    await this.load('all')
    this.timer = setInterval(() => this.reload('*'), FULL_RELOAD_MS)
    this.timer.unref()
  }

  stats(): EngineStats {
    return { ...this.counters }
  }

  reloadAll(): Promise<void> {
    return this.load('all')
  }

  idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.idleWaiters.push(resolve)
      this.settleIdle()
    })
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    this.unmark()
    this.unlisten()
    await this.feed?.close()
    this.feed = undefined
    await this.idle()
    this.idleWaiters = []
  }

  /**
   * Acts on the partitions `scope` from now on: a wider scope loads the accounts and orders gained; a narrower one
   * drops what is no longer held — queued actions included — and resolves once no action runs any more, so the
   * partitions given back are never acted on by this engine while their next holder does.
   */
  async narrow(scope: ReadonlySet<number>): Promise<void> {
    this.scope = scope
    this.actions.keepOnly((j) => this.ownsJob(j))
    try {
      await this.load('all')
    } catch (err) {
      // The accounts given back stay in the book until a reload works; `decide` no longer acts on them.
      this.counters.failures++
      this.log(`[contract] reloading accounts failed: ${message(err)}`)
      this.reload('*')
    }
    await this.idle()
  }

  /** Acts on `scope` from now on (`narrow`); what it gains is loaded in the background, then `actOnGained`. */
  widen(scope: ReadonlySet<number>): void {
    if (this.scope) for (const p of scope) if (!this.scope.has(p)) this.gained.add(p)
    this.scope = scope
    this.reload('*')
  }

  /** What `widen` gained, once loaded: its markets' last prints and marks acted on (engine-plan.ts gainedTriggers). */
  private actOnGained(): void {
    const gained = this.gained
    this.gained = new Set()
    const now = this.deps.now?.() ?? new Date()
    const kept = this.recentPrints.since(now.getTime(), (m) => gained.has(symbolPartition(m)) && this.ownsSymbol(m))
    for (const { event } of kept) this.matchPrints(event, now)
    const marksOf = (symbol: string) => this.recentMarks.since(now.getTime(), symbol)
    const owns = (userId: number) => this.ownsUser(userId)
    for (const t of gainedTriggers(this.allKeys, gained, owns, this.book, marksOf)) this.decide(t.action, t.mark)
  }

  private ownsUser(userId: number): boolean {
    return !this.scope || this.scope.has(accountPartition(userId))
  }

  private ownsSymbol(symbol: string): boolean {
    return !this.scope || this.scope.has(symbolPartition(symbol))
  }

  private ownsJob(j: Job): boolean {
    if (j.symbol !== undefined) return this.ownsSymbol(j.symbol)
    const who = parseAccountKey(j.account)
    return who ? this.ownsUser(who.userId) : true
  }

  /** A mark tick: the risk book decides what the new mark calls for. */
  onTick(m: MarkSnapshot): void {
    this.counters.ticks++
    this.recentMarks.add(m, (this.deps.now?.() ?? new Date()).getTime())
    this.actedSinceTick.clear()
    for (const a of this.book.tick(m.symbol, toUnits(m.price, PX))) this.decide(a, m)
  }

  /** A feed event: each trade print fills the pending orders it reaches (entrusts.ts shares its size). */
  onPrint(e: MarketEvent): void {
    if (e.type !== 'trades') return
    const arrivedAt = this.deps.now?.() ?? new Date()
    this.recentPrints.add(e, arrivedAt.getTime())
    if (this.ownsSymbol(e.symbol)) this.matchPrints(e, arrivedAt)
  }

  private matchPrints(e: Extract<MarketEvent, { type: 'trades' }>, arrivedAt: Date): void {
    // Reduce-only limit orders (close-matcher.ts): one job per batch of prints, the symbol's batches in order.
    if (this.closing.watching(e.symbol)) {
      const key = `close-orders:${e.symbol}`
      this.enqueue({
        key: `${key}:${e.trades[0]?.tradeId}`,
        account: key,
        symbol: e.symbol,
        run: async () => (this.counters.fills += await this.closing.match(e, arrivedAt)),
      })
    }
    const list = this.entrusts.get(e.symbol)
    if (!list || list.length === 0) return
    for (const { order: o, amount, event, size } of takeShares(list, e, this.deps.market.source)) {
      const account = accountKeyOf(o.book, o.userId)
      this.enqueue({
        key: `fill:${o.id}:${event.ref}`,
        account,
        symbol: e.symbol,
        run: async () => {
          if ((await fillEntrust(this.act, o, event, size, amount, arrivedAt)) === 'filled') this.counters.fills++
          this.reload(account)
        },
      })
    }
  }

  /** Marks the account to reload (`*`: all) and drains the reloads. */
  reload(key: string): void {
    this.reloading.add(key)
    this.drainReloads()
  }

  /** True when every mark of `symbols` exists and is fresh (issue 21 part 3: a stale mark pauses liquidation). */
  private async marksFresh(symbols: Iterable<string>): Promise<boolean> {
    const now = this.deps.now?.() ?? new Date()
    for (const symbol of symbols) {
      const m = this.marks.mark(symbol)
      if (!m || !isFresh(m.event.ts, now, await priceMaxAgeMs(this.deps.db, symbol))) return false
    }
    return true
  }

  private settleIdle(): void {
    if (!this.actions.busy && this.reloading.size === 0 && !this.reloadRunning) {
      for (const w of this.idleWaiters.splice(0)) w()
    }
  }

  private enqueue(job: Job): void {
    if (this.actions.enqueue(job) === 'dropped') this.counters.dropped++
  }

  /** Liquidates a batch in one transaction; accounts it defers (pending orders) or a failed batch, one by one. */
  private async liquidateBatch(all: Job[]): Promise<void> {
    const jobs: Job[] = []
    for (const j of all) if (await this.marksFresh(this.book.symbolsOf(j.account))) jobs.push(j)
    if (jobs.length === 0) return
    let outcomes: Map<string, string> | undefined
    try {
      outcomes = await liquidateAccounts(
        this.act,
        jobs.map((j) => j.liquidation!),
      )
    } catch (err) {
      this.counters.failures++
      this.log(`[contract] a batch of ${jobs.length} liquidations failed, one by one instead: ${message(err)}`)
    }
    const { liquidated, oneByOne } = afterBatch(jobs, outcomes)
    this.counters.liquidations += liquidated
    for (const j of oneByOne) {
      await j.run().catch((err: unknown) => {
        this.counters.failures++
        this.log(`[contract] ${j.key} failed: ${message(err)}`)
      })
    }
    for (const j of jobs) this.reload(j.account)
  }

  private async load(keys: string[] | 'all'): Promise<void> {
    const { byAccount, available, pending } = await readBookRows(this.deps.db, keys, this.scope)
    // The risk book holds the accounts of the partitions in scope; the pending orders are those of its markets.
    const touched = new Set(
      (keys === 'all' ? [...byAccount.keys()] : keys).filter((k) => {
        const who = parseAccountKey(k)
        return who !== undefined && this.ownsUser(who.userId)
      }),
    )
    if (keys === 'all') {
      for (const key of [...this.allKeys]) {
        if (touched.has(key)) continue
        this.book.removeAccount(key)
        this.allKeys.delete(key)
      }
    }
    const called: { key: string; actions: ReturnType<RiskBook['setAccount']> }[] = []
    for (const key of touched) {
      const rows = byAccount.get(key) ?? []
      const actions = this.book.setAccount({
        key,
        walletBalance: walletBalance(available.get(key) ?? '0', rows),
        positions: rows.map(riskPosition),
      })
      // An account loaded after the tick that crossed its liquidation price or a trigger (its position was opened, or
      // its notice read, just after) is acted on now, not at the next tick of its symbols, which may be a while away.
      called.push({ key, actions })
      if (rows.length > 0) this.allKeys.add(key)
      else this.allKeys.delete(key)
    }
    const due = dueOnLoad(called, this.actedSinceTick)
    this.entrusts = replaceEntrusts(this.entrusts, keys === 'all' ? 'all' : new Set(keys), pending.map(entrustOf))
    this.counters.reloads++
    for (const a of due) this.decide(a)
  }

  private drainReloads(): void {
    this.reloadRunning ??= (async () => {
      while (this.reloading.size > 0) {
        const keys = [...this.reloading]
        this.reloading.clear()
        try {
          await this.load(keys.includes('*') ? 'all' : keys)
          if (keys.includes('*')) this.actOnGained()
        } catch (err) {
          this.counters.failures++
          this.log(`[contract] reloading accounts failed: ${message(err)}`)
        }
      }
    })().finally(() => {
      this.reloadRunning = undefined
      this.settleIdle()
    })
  }

  /**
   * Queues what `a` calls for; a trigger closes at the book (liquidate.ts), recorded with `mark` (default: the
   * latest). Nothing is done on a stale mark: the next fresh tick decides again.
   */
  private decide(a: RiskAction, mark?: MarkSnapshot): void {
    const who = parseAccountKey(a.accountKey)
    if (!who || !this.ownsUser(who.userId)) return
    const key = actionKey(a)
    const liquidate = async () => {
      if (!(await this.marksFresh(this.book.symbolsOf(a.accountKey)))) return
      if ((await liquidateAccount(this.act, who)) === 'liquidated') this.counters.liquidations++
    }
    if (a.kind === 'liquidation') {
      this.enqueue({ key, account: a.accountKey, liquidation: who, run: liquidate })
      return
    }
    const at = mark ?? this.marks.mark(a.symbol)
    if (!at) return
    this.enqueue({
      key,
      account: a.accountKey,
      run: async () => {
        if (await closeByTrigger(this.act, who, a.positionId, a.kind, at)) this.counters.triggers++
        // Closed or not (a loss beyond the whole wallet, a book too thin or past the slippage cap), an account at or
        // below its maintenance margin is checked again right after, under its lock, at the marks (engine-plan.ts).
        if (checkLiquidationAfterTrigger(this.book.marginHeadroom(a.accountKey))) await liquidate()
        this.reload(a.accountKey)
      },
    })
  }
}

/** Starts the engine on `market`'s feed and `db`. */
export async function startContractEngine(deps: EngineDeps): Promise<ContractEngine> {
  const engine = new RiskEngine(deps)
  await engine.start()
  return engine
}
