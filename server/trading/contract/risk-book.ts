/**
 * The risk book: every open position of every account in memory, checked exactly on every mark-price tick for its
 * take-profit, stop-loss and the account's liquidation (issue 12 part 1; the bench `risk` measures one tick over
 * 10,000 positions). It only decides; the engine carries decisions out in the database, where they are checked again
 * under lock, so a stale book can delay an action but never apply a wrong one.
 *
 * Exact integer arithmetic (BigInt), no floats: prices and amounts in units of 10⁻¹² (PX), rates in 10⁻⁶ (RT). Under
 * cross margin an account is liquidated when equity ≤ maintenance margin (contract-math.ts), i.e. when
 *   H = WB + Σ side·q·(m − e) − Σ (q·m·mmr − cum) ≤ 0,
 * (cum: the position's risk-tier maintenance amount) which is linear in each symbol's mark: H = K + Σ_s A_s·m_s with
 * K = WB − Σ side·q·e + Σ cum and A_s = Σ_{on s} q·(side − mmr). A tick of symbol s with mark m moves H by A_s·(m − m_before): one multiplication per account, whatever it holds.
 * H is kept in units of 10⁻³⁰ (q·m·mmr).
 */

/** Decimals of prices and amounts in the book. */
export const PX = 12
/** Decimals of rates in the book. */
export const RT = 6
const PX_UNIT = 10n ** BigInt(PX)
const RT_UNIT = 10n ** BigInt(RT)

/**
 * A decimal string as units of 10^-`scale`; digits beyond `scale` are cut toward zero (prices and amounts carry at
 * most 12 decimals, rates at most 6: config.ts and the markets' precisions keep them so).
 */
export function toUnits(text: string, scale: number): bigint {
  const negative = text.startsWith('-')
  const [int = '0', frac = ''] = (negative ? text.slice(1) : text).split('.')
  const units = BigInt(int + frac.slice(0, scale).padEnd(scale, '0'))
  return negative ? -units : units
}

/** One open position as the book holds it. */
export interface RiskPosition {
  id: number
  symbol: string
  /** +1 long, −1 short. */
  side: 1n | -1n
  /** Amount, PX units. */
  q: bigint
  /** Open price, PX units. */
  e: bigint
  /** Maintenance margin rate, RT units. */
  mmr: bigint
  /** Maintenance amount of its risk-limit tier (maintenance = q·m·mmr − cum), PX units; absent = 0. */
  cum?: bigint
  /** Take-profit and stop-loss, PX units, or null. */
  tp: bigint | null
  sl: bigint | null
}

/** One account (a user's book) with its cross-margin wallet balance (available + positions' margin), PX units. */
export interface RiskAccountInput {
  key: string
  walletBalance: bigint
  positions: RiskPosition[]
}

interface RiskAccount {
  key: string
  positions: RiskPosition[]
  /** K of the header, 10⁻³⁰ units. */
  k: bigint
  /** A_s per symbol, 10⁻¹⁸ units. */
  slope: Map<string, bigint>
  /** H at the marks in `used`; null until every symbol held has a mark. */
  h: bigint | null
  used: Map<string, bigint>
}

/** What a tick decided. */
export type RiskAction =
  | { kind: 'take_profit' | 'stop_loss'; positionId: number; symbol: string; accountKey: string; price: bigint }
  | { kind: 'liquidation'; accountKey: string }

/** The take-profit or stop-loss of `p` that `mark` reaches (long: mark ≥ tp, mark ≤ sl; short the mirror), if any. */
function triggerOf(accountKey: string, p: RiskPosition, mark: bigint): RiskAction[] {
  const at = { positionId: p.id, symbol: p.symbol, accountKey }
  if (p.tp !== null && (p.side === 1n ? mark >= p.tp : mark <= p.tp))
    return [{ kind: 'take_profit', ...at, price: p.tp }]
  if (p.sl !== null && (p.side === 1n ? mark <= p.sl : mark >= p.sl)) return [{ kind: 'stop_loss', ...at, price: p.sl }]
  return []
}

/** Positions and accounts in memory, evaluated per mark tick. */
export class RiskBook {
  readonly #accounts = new Map<string, RiskAccount>()
  readonly #bySymbol = new Map<string, Set<RiskAccount>>()
  readonly #marks = new Map<string, bigint>()

  /** Accounts held. */
  get size(): number {
    return this.#accounts.size
  }

  /**
   * Replaces an account's state (an account without positions is dropped) and answers what it calls for at the marks
   * already known: a reloaded account may have crossed a trigger or its liquidation while it was being loaded, and the
   * next tick of its symbols may be a while away.
   */
  setAccount(input: RiskAccountInput): RiskAction[] {
    this.removeAccount(input.key)
    if (input.positions.length === 0) return []
    let k = input.walletBalance * PX_UNIT * RT_UNIT
    const slope = new Map<string, bigint>()
    for (const p of input.positions) {
      k -= p.side * p.q * p.e * RT_UNIT
      k += (p.cum ?? 0n) * PX_UNIT * RT_UNIT
      slope.set(p.symbol, (slope.get(p.symbol) ?? 0n) + p.q * (p.side * RT_UNIT - p.mmr))
    }
    const account: RiskAccount = { key: input.key, positions: input.positions, k, slope, h: null, used: new Map() }
    this.#accounts.set(input.key, account)
    for (const symbol of slope.keys()) {
      let set = this.#bySymbol.get(symbol)
      if (!set) this.#bySymbol.set(symbol, (set = new Set()))
      set.add(account)
    }
    this.#recompute(account)
    return this.#decide(account, undefined)
  }

  /** Forgets an account. */
  removeAccount(key: string): void {
    const account = this.#accounts.get(key)
    if (!account) return
    this.#accounts.delete(key)
    for (const symbol of account.slope.keys()) this.#bySymbol.get(symbol)?.delete(account)
  }

  /** The symbols account `key` holds positions on (none when the book does not hold it). */
  symbolsOf(key: string): string[] {
    return [...(this.#accounts.get(key)?.slope.keys() ?? [])]
  }

  /** The positions held on `symbol` (for tests and devtools). */
  positionsOn(symbol: string): RiskPosition[] {
    return [...(this.#bySymbol.get(symbol) ?? [])].flatMap((a) => a.positions.filter((p) => p.symbol === symbol))
  }

  /**
   * Applies a new mark of `symbol` (PX units) and answers what it triggers: take-profits and stop-losses reached by
   * the mark (long: mark ≥ tp, mark ≤ sl; short the mirror), then liquidations of accounts with H ≤ 0 and no
   * triggered position (a triggered close comes first; the account is checked again after it).
   */
  tick(symbol: string, mark: bigint): RiskAction[] {
    this.#marks.set(symbol, mark)
    const actions: RiskAction[] = []
    const accounts = this.#bySymbol.get(symbol)
    if (!accounts) return actions
    for (const account of accounts) {
      if (account.h === null) this.#recompute(account)
      else {
        account.h += account.slope.get(symbol)! * (mark - account.used.get(symbol)!)
        account.used.set(symbol, mark)
      }
      for (const a of this.#decide(account, symbol)) actions.push(a)
    }
    return actions
  }

  /**
   * The take-profits and stop-losses of account `key`'s positions on `symbol` that `mark` (PX units) reaches, the
   * book's own marks unchanged: for a mark of the past (the seconds before a takeover, engine.ts). None when the book
   * does not hold the account.
   */
  triggersAt(key: string, symbol: string, mark: bigint): RiskAction[] {
    const account = this.#accounts.get(key)
    if (!account) return []
    return account.positions.flatMap((p) => (p.symbol === symbol ? triggerOf(account.key, p, mark) : []))
  }

  /** The triggers reached by the marks of `symbol` (every symbol held when undefined), else a liquidation if due. */
  #decide(account: RiskAccount, symbol: string | undefined): RiskAction[] {
    const actions: RiskAction[] = []
    for (const p of account.positions) {
      if (symbol !== undefined && p.symbol !== symbol) continue
      const mark = this.#marks.get(p.symbol)
      if (mark === undefined) continue
      actions.push(...triggerOf(account.key, p, mark))
    }
    if (actions.length === 0 && account.h !== null && account.h <= 0n) {
      actions.push({ kind: 'liquidation', accountKey: account.key })
    }
    return actions
  }

  /** H of an account (10⁻³⁰ units; null while a symbol it holds has no mark): for tests and devtools. */
  marginHeadroom(key: string): bigint | null | undefined {
    return this.#accounts.get(key)?.h
  }

  #recompute(account: RiskAccount): void {
    let h = account.k
    for (const [symbol, a] of account.slope) {
      const m = this.#marks.get(symbol)
      if (m === undefined) {
        account.h = null
        return
      }
      h += a * m
      account.used.set(symbol, m)
    }
    account.h = h
  }
}
