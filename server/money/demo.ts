/**
 * The demo book (spec §4 "A demo (simulation) account is a mode"): entering switches the session to the user's demo
 * book, credited once with virtual funds from the platform's demo faucet (operator-set, default 100,000 USDT in the
 * spot wallet); exiting switches back. The demo book has its own accounts, so nothing done there touches live
 * balances; deposits and withdrawals refuse it.
 */
import { and, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { Book } from '../../common/api/user-info'
import { negate, parseDecimal, sign, subtract, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { ledgerTransactions, sessions, settings, users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { runOnce } from '../ledger/idempotent'
import { postTransaction } from '../ledger/post'
import { userAmount } from './amounts'
import { walletAvailable } from './balances'

/** Setting row of the demo book's opening funds (USDT). */
export const DEMO_FUNDS_KEY = 'demo_funds'
/** Opening funds of a demo book until an operator sets another figure (issue 10). */
export const DEMO_FUNDS_DEFAULT = '100000'
/** The currency and wallet the demo funds are credited to. */
export const DEMO_CURRENCY = 'USDT'

/** The opening funds a new demo book gets. */
export async function demoFunds(db: Db): Promise<DecimalString> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEMO_FUNDS_KEY))
  return parseDecimal(row?.value ?? DEMO_FUNDS_DEFAULT)
}

/**
 * Sets the opening funds of demo books not yet opened.
 * @throws DomainError naming `amount` for a bad figure.
 */
export async function setDemoFunds(db: Db, amount: DecimalString): Promise<DecimalString> {
  const value = userAmount(amount, DEMO_CURRENCY, 'amount', { allowZero: true })
  await db
    .insert(settings)
    .values({ key: DEMO_FUNDS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
  return value
}

/** Credits the user's demo book once (locks the user row so two sessions entering together credit it once). */
async function fundDemoOnce(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`)
  const reference = `demo_fund:${userId}`
  const [done] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'demo_fund'), eq(ledgerTransactions.reference, reference)))
  if (done) return
  const amount = await demoFunds(tx)
  if (sign(amount) === 0) return
  await postTransaction(tx, {
    kind: 'demo_fund',
    book: 'demo',
    userId,
    reference,
    actor: 'system',
    entries: [
      { owner: { system: 'demo_faucet' }, currency: DEMO_CURRENCY, bucket: 'available', amount: negate(amount) },
      { owner: { userId, wallet: 'spot' }, currency: DEMO_CURRENCY, bucket: 'available', amount },
    ],
  })
}

/** The caller's session and key. */
export interface SessionCaller {
  userId: number
  sessionId: number
  key: string
}

/** Switches the session to `book` (entering demo funds the demo book the first time). */
export async function switchBook(
  { db }: Pick<ServiceDeps, 'db'>,
  who: SessionCaller,
  book: Book,
): Promise<{ book: Book }> {
  const call = book === 'demo' ? 'assets/demo_enter' : 'assets/demo_exit'
  return runOnce(db, { userId: who.userId, key: who.key, call, payload: { session: who.sessionId } }, async (tx) => {
    if (book === 'demo') await fundDemoOnce(tx, who.userId)
    await tx.update(sessions).set({ book }).where(eq(sessions.id, who.sessionId))
    return { book }
  })
}

/**
 * Sets a user's demo spot USDT to `target` (an operator's `demo set-funds --user`): the difference is moved from or
 * to the demo faucet as one `demo_adjust` transaction. Opens the demo book first if it never was.
 * @throws DomainError naming `amount` for a bad figure. Only `available` is set; frozen funds stay.
 */
export async function setUserDemoFunds(db: Db, userId: number, target: DecimalString): Promise<DecimalString> {
  const value = userAmount(target, DEMO_CURRENCY, 'amount', { allowZero: true })
  return db.transaction(async (tx) => {
    await fundDemoOnce(tx, userId)
    const now = await walletAvailable(tx, userId, 'demo', 'spot', DEMO_CURRENCY)
    const diff = subtract(value, now)
    if (sign(diff) !== 0) {
      await postTransaction(tx, {
        kind: 'demo_adjust',
        book: 'demo',
        userId,
        reference: `demo_adjust:${randomUUID()}`,
        actor: 'cli',
        entries: [
          { owner: { system: 'demo_faucet' }, currency: DEMO_CURRENCY, bucket: 'available', amount: negate(diff) },
          { owner: { userId, wallet: 'spot' }, currency: DEMO_CURRENCY, bucket: 'available', amount: diff },
        ],
      })
    }
    return value
  })
}
