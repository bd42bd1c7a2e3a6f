/**
 * Cross-margin netting of one account's closes (issue 21 part 1): the figures and ledger postings of closing some of
 * an account's positions together, against its whole futures wallet, with no database access (settle-close.ts books
 * them). The rules, as Binance, OKX and HTX apply cross margin (the wallet is one pool of margin):
 * - each close realizes PnL against the counterparty and pays its taker fee (a liquidation too: it is a market close,
 *   issue 21 part 5, so it is never cheaper than closing);
 * - the closes are booked most profitable first, so the wallet's available balance never dips below zero before the
 *   total is known; a loss the available balance cannot cover is covered next by the margin of the account's other
 *   positions, all but the smallest unit of each (their `margin` column and the frozen bucket shrink together, so
 *   frozen still equals Σ positions' margin + open orders' holds);
 * - a liquidation charges a clearance fee per position (notional × the market's clearance rate, config.ts), paid to
 *   `insurance` and capped at what the account has left after the closes, so the fee never creates a deficit; the
 *   platform's `insurance` account pays only the account's net deficit after its liquidation (bankruptcy);
 * - a voluntary close (the user's, Close all, a take-profit or stop-loss) never draws on insurance: one whose loss
 *   exceeds the whole wallet less the smallest unit of margin each position that stays open keeps (possible only
 *   while other positions carry unrealized profit) is refused (`closeLossBeyondWallet`): the user closes the
 *   profitable positions first, or all of them together.
 */
import {
  add,
  compare,
  currencyScale,
  negate,
  parseDecimal,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { ContractCloseReason, MarkInputs } from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import { realizedPnl, tradeFee } from '../../../common/trading/contract-math'
import { DomainError } from '../../domain/errors'
import type { Entry, Posting } from '../../ledger/post'
import type { PositionRow } from './account'

const ZERO = parseDecimal('0')
const min = (a: DecimalString, b: DecimalString) => (compare(a, b) <= 0 ? a : b)

/**
 * The margin a position that stays open can give to cover a loss: all but the currency's smallest unit (the row's
 * CHECK margin > 0; funding-pay.ts keeps the same unit). Taking all of it failed the close's transaction (issue 21
 * part 10, found by the futures model: contract-model-found.test.ts).
 */
function coverable(o: PositionRow): DecimalString {
  const unit = parseDecimal(`0.${'0'.repeat(currencyScale(o.currency) - 1)}1`)
  const room = subtract(parseDecimal(o.margin), unit)
  return sign(room) > 0 ? room : ZERO
}

/** How a position closes. */
export interface CloseTerms {
  /** The close price (quote currency). */
  price: DecimalString
  reason: ContractCloseReason
  event: FeedEvent
  /** The inputs of the mark that decided the close (a trigger or a liquidation). */
  markInputs?: MarkInputs | null
  /** A liquidation's clearance fee rate (fraction of the notional at `price`); default none. */
  clearanceFeeRate?: DecimalString
  actor: string
  now: Date
}

/** What a close booked. */
export interface Closed {
  pnl: DecimalString
  /** The closing fee: the taker fee, plus a liquidation's clearance fee. */
  fee: DecimalString
  insurancePaid: DecimalString
  /** The wallet's available balance after it (and the closes booked before it). */
  available: DecimalString
}

/** One close of a plan, with its ledger posting. */
export interface PlannedClose extends Closed {
  position: PositionRow
  terms: CloseTerms
  posting: Posting
}

/** One account's closes to net together. */
export interface AccountCloses {
  /** The contract wallet's available balance before them (read under the account lock). */
  available: DecimalString
  closes: readonly { position: PositionRow; terms: CloseTerms }[]
  /** The account's positions that stay open (locked): their margin covers a loss beyond the available balance. */
  others?: readonly PositionRow[]
}

/** The netted closes, in booking order, and what the positions that stay open gave up of their margin (by id). */
export interface AccountPlan {
  closes: PlannedClose[]
  /** Margin taken from each position that stays open, by position id (only the ones that gave some). */
  cover: Map<number, DecimalString>
  /** The wallet's available balance after every close. */
  available: DecimalString
}

/**
 * Nets `a`'s closes (rules in the header). `field` is what a refusal names (`id` for one position, `symbol` for
 * Close all).
 * @throws DomainError conflict `closeLossBeyondWallet` (field) when a voluntary close would need insurance.
 */
export function planAccountCloses(a: AccountCloses, field = 'id'): AccountPlan {
  const rows = a.closes.map(({ position: p, terms: t }) => {
    const amount = parseDecimal(p.amount)
    const liquidation = t.reason === 'liquidation'
    const pnl = realizedPnl(p.side, amount, parseDecimal(p.openPrice), t.price, p.currency)
    const tradingFee = tradeFee(amount, t.price, parseDecimal(p.closeFeeRate), p.currency)
    const clearanceDue =
      liquidation && t.clearanceFeeRate ? tradeFee(amount, t.price, t.clearanceFeeRate, p.currency) : ZERO
    return { p, t, liquidation, pnl, tradingFee, clearanceDue, clearance: ZERO, margin: parseDecimal(p.margin) }
  })
  // What the account holds once every close is booked, before clearance fees: those take at most that.
  let left = rows.reduce((sum, r) => add(sum, subtract(add(r.margin, r.pnl), r.tradingFee)), a.available)
  for (const r of rows) {
    if (sign(left) <= 0) break
    r.clearance = min(r.clearanceDue, left)
    left = subtract(left, r.clearance)
  }
  const delta = (r: (typeof rows)[number]) => subtract(subtract(add(r.margin, r.pnl), r.tradingFee), r.clearance)
  // Most profitable first: the running balance then only falls once it starts falling, so what it lacks is exactly the
  // net deficit.
  const ordered = [...rows].sort((x, y) => compare(delta(y), delta(x)) || x.p.id - y.p.id)
  const others = [...(a.others ?? [])].sort((x, y) => x.id - y.id)
  const cover = new Map<number, DecimalString>()
  let coverLeft = others.reduce((sum, o) => add(sum, coverable(o)), ZERO)
  let available = a.available
  const closes: PlannedClose[] = []
  for (const r of ordered) {
    const after = add(available, delta(r))
    let need = sign(after) < 0 ? negate(after) : ZERO
    const covered = min(need, coverLeft)
    coverLeft = subtract(coverLeft, covered)
    need = subtract(need, covered)
    takeCover(others, cover, covered)
    // Cover never takes a position's last unit of margin (`coverable`), so a partial close of a hedge's losing leg
    // repeated until the other leg's margin is gone is refused here too.
    if (sign(need) > 0 && !r.liquidation) {
      throw new DomainError('conflict', 'closeLossBeyondWallet', { field, vars: { id: r.p.id } })
    }
    available = add(add(after, covered), need)
    const user = { userId: r.p.userId, wallet: 'contract' as const }
    const fee = add(r.tradingFee, r.clearance)
    const entries: Entry[] = [
      { owner: user, currency: r.p.currency, bucket: 'frozen', amount: negate(add(r.margin, covered)) },
      { owner: user, currency: r.p.currency, bucket: 'available', amount: add(add(delta(r), covered), need) },
      { owner: { system: 'counterparty' }, currency: r.p.currency, bucket: 'available', amount: negate(r.pnl) },
      { owner: { system: 'fees' }, currency: r.p.currency, bucket: 'available', amount: r.tradingFee },
      {
        owner: { system: 'insurance' },
        currency: r.p.currency,
        bucket: 'available',
        amount: subtract(r.clearance, need),
      },
    ]
    const posting: Posting = {
      kind: r.liquidation ? 'contract_liquidation' : 'contract_close',
      book: r.p.book,
      userId: r.p.userId,
      reference: `position:${r.p.id}`,
      actor: r.t.actor,
      entries: entries.filter((e) => sign(e.amount) !== 0),
    }
    closes.push({ position: r.p, terms: r.t, pnl: r.pnl, fee, insurancePaid: need, available, posting })
  }
  return { closes, cover, available }
}

/** Takes `amount` of margin from `others` in id order (each at most its coverable margin), adding to `cover`. */
function takeCover(others: readonly PositionRow[], cover: Map<number, DecimalString>, amount: DecimalString) {
  let rest = amount
  for (const o of others) {
    if (sign(rest) <= 0) return
    const taken = cover.get(o.id) ?? ZERO
    const room = subtract(coverable(o), taken)
    const take = min(rest, room)
    if (sign(take) <= 0) continue
    cover.set(o.id, add(taken, take))
    rest = subtract(rest, take)
  }
}
