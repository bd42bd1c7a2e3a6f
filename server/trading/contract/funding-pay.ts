/**
 * Booking funding payments in the caller's transaction (under each account's lock, the position rows locked).
 *
 * Payment = position notional at the funding time's mark × rate (Binance: "Funding Amount = Nominal Value of
 * Positions × Funding Rate", nominal value = mark price × size). With a positive rate longs pay and shorts receive;
 * with a negative rate the other way round. The platform is the counterparty of every position, so each position
 * pays to, or receives from, the `counterparty` account: what users gain the counterparty loses, to the unit.
 * Rounded to the margin currency's scale in the platform's favour (what a position pays up, what it receives down).
 *
 * A payment comes out of the contract wallet's available balance; what that cannot cover comes from the position's
 * own margin (its `margin` column and the frozen bucket go down together, so frozen still equals Σ positions' margin
 * + pending orders' holds). The margin keeps at least the currency's smallest unit (the row's CHECK margin > 0);
 * what even the margin cannot cover is the `shortfall`: nobody pays it, the position is left with next to no margin
 * and the risk engine, told of the account in the same transaction, liquidates it.
 *
 * Ledger: kind `contract_funding`, reference `funding:<position id>:<funding time ms>` (unique per kind: a position
 * pays once per funding time), and the row in contract_funding_payments, unique on (position, funding time).
 */
import { and, eq, sql } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { Db } from '../../db/client'
import { contractFundingPayments, contractPositions } from '../../db/schema'
import { postTransactions } from '../../ledger/post-many'
import type { Entry, Posting } from '../../ledger/post'
import { notifyAccount, type PositionRow } from './account'
import { openPositionEvents } from './position-events'
import { emitEvents } from '../../stream/events'
import type { UserEventOf } from '../../stream/trading-events'

const ZERO = parseDecimal('0')

/** The funding terms of one funding time of one symbol. */
export interface FundingTerms {
  fundingTime: Date
  rate: DecimalString
  markPrice: DecimalString
}

/** What one position pays or receives. */
export interface FundingFigures {
  /** Signed from the user's side: > 0 received, < 0 paid (what moved; the shortfall is not in it). */
  payment: DecimalString
  fromAvailable: DecimalString
  fromMargin: DecimalString
  shortfall: DecimalString
}

/**
 * The figures of position `p` at `t` with `available` in its wallet before it.
 * @param margin the position's margin now
 */
export function fundingOf(
  p: Pick<PositionRow, 'side' | 'amount' | 'currency'>,
  t: Pick<FundingTerms, 'rate' | 'markPrice'>,
  available: DecimalString,
  margin: DecimalString,
): FundingFigures {
  const scale = currencyScale(p.currency)
  const raw = multiply(multiply(parseDecimal(p.amount), t.markPrice), t.rate)
  // Longs pay a positive rate: the user's side of it is −raw for a long, +raw for a short.
  const signed = p.side === 'long' ? negate(raw) : raw
  const owed = round(signed, scale, 'floor')
  if (sign(owed) >= 0) return { payment: owed, fromAvailable: ZERO, fromMargin: ZERO, shortfall: ZERO }
  const due = negate(owed)
  const fromAvailable = compare(available, due) >= 0 ? due : sign(available) > 0 ? available : ZERO
  const rest = subtract(due, fromAvailable)
  const unit = parseDecimal(`0.${'0'.repeat(scale - 1)}1`)
  const takeable = sign(subtract(margin, unit)) > 0 ? subtract(margin, unit) : ZERO
  const fromMargin = compare(takeable, rest) >= 0 ? rest : takeable
  const shortfall = subtract(rest, fromMargin)
  return { payment: negate(add(fromAvailable, fromMargin)), fromAvailable, fromMargin, shortfall }
}

/** The ledger posting of `f` for position `p`; undefined when nothing moves. */
function postingOf(p: PositionRow, t: FundingTerms, f: FundingFigures): Posting | undefined {
  if (sign(f.payment) === 0) return undefined
  const user = { userId: p.userId, wallet: 'contract' as const }
  const entries: Entry[] =
    sign(f.payment) > 0
      ? [{ owner: user, currency: p.currency, bucket: 'available', amount: f.payment }]
      : [
          { owner: user, currency: p.currency, bucket: 'available', amount: negate(f.fromAvailable) },
          { owner: user, currency: p.currency, bucket: 'frozen', amount: negate(f.fromMargin) },
        ]
  entries.push({
    owner: { system: 'counterparty' },
    currency: p.currency,
    bucket: 'available',
    amount: negate(f.payment),
  })
  return {
    kind: 'contract_funding',
    book: p.book,
    userId: p.userId,
    reference: `funding:${p.id}:${t.fundingTime.getTime()}`,
    actor: 'system',
    entries: entries.filter((e) => sign(e.amount) !== 0),
  }
}

/** One account's positions to pay at one funding time, with its wallet's available balance before them. */
export interface AccountFunding {
  available: DecimalString
  positions: PositionRow[]
}

/**
 * Pays `terms` on the positions of `accounts` in `tx` (the caller holds each account's lock and the position rows,
 * and has checked that none was paid at this time); announces every account that changed. Answers the number of
 * positions booked.
 * @throws Error (a unique violation) should one have been paid already; the caller's transaction then rolls back.
 */
export async function payFunding(tx: Db, terms: FundingTerms, accounts: readonly AccountFunding[]): Promise<number> {
  const postings: Posting[] = []
  const rows: (typeof contractFundingPayments.$inferInsert)[] = []
  let booked = 0
  // Positions whose margin paid part of a payment: `changed` events once the payments are booked.
  const drawn: { who: { book: PositionRow['book']; userId: number }; ids: number[] }[] = []
  for (const a of accounts) {
    const ids: number[] = []
    let available = a.available
    let changed = false
    for (const p of a.positions) {
      const f = fundingOf(p, terms, available, parseDecimal(p.margin))
      available = add(available, sign(f.payment) > 0 ? f.payment : negate(f.fromAvailable))
      if (sign(f.fromMargin) > 0) {
        const [moved] = await tx
          .update(contractPositions)
          .set({ margin: sql`${contractPositions.margin} - ${f.fromMargin}::numeric` })
          .where(and(eq(contractPositions.id, p.id), eq(contractPositions.status, 'open')))
          .returning({ id: contractPositions.id })
        if (!moved) throw new Error(`contract position ${p.id} is not open`)
        ids.push(p.id)
      }
      const posting = postingOf(p, terms, f)
      if (posting) {
        postings.push(posting)
        changed = true
      }
      rows.push({
        positionId: p.id,
        userId: p.userId,
        book: p.book,
        symbol: p.symbol,
        currency: p.currency,
        side: p.side,
        amount: p.amount,
        markPrice: terms.markPrice,
        rate: terms.rate,
        payment: f.payment,
        fromMargin: f.fromMargin,
        shortfall: f.shortfall,
        fundingTime: terms.fundingTime,
      })
      booked++
    }
    if (changed && a.positions[0]) await notifyAccount(tx, a.positions[0].book, a.positions[0].userId)
    if (ids.length > 0 && a.positions[0]) drawn.push({ who: a.positions[0], ids })
  }
  if (rows.length === 0) return 0
  await tx.insert(contractFundingPayments).values(rows)
  await postTransactions(tx, postings)
  if (drawn.length > 0) {
    // Shown at the funding time's mark (the one the payment used); one emit for every account of the batch.
    const symbol = accounts[0]?.positions[0]?.symbol
    const marks = (s: string) => (s === symbol ? terms.markPrice : undefined)
    const events: UserEventOf[] = []
    for (const d of drawn) events.push(...(await openPositionEvents(tx, marks, d.who, d.ids, 'changed')))
    await emitEvents(tx, events)
  }
  return booked
}
