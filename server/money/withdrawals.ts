/**
 * Withdrawals (spec §2 and §5, DESIGN §4 Funds): to an address of the user's book, with the transaction password
 * (checked under the per-user attempt window before anything else), at least the chain's minimum; the request
 * freezes amount + fee in the live spot wallet; an operator approves (the frozen funds leave: the amount to the
 * platform's withdrawals account, the fee to the fees account — for a pair sent on chain only once the signer's
 * transaction has 6 confirmations) or rejects (unfrozen, the reason shown in the record).
 * Decisions are conditional updates of a pending request, so an approve and a reject racing end with one winner and
 * the funds burned or released once. Closed in the demo book.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Chain, Withdrawal, WithdrawalState, WithdrawOption } from '../../common/api/assets'
import type { Locale } from '../../common/constants'
import { add, compare, currencyScale, negate, parseDecimal, type DecimalString } from '../../common/amount'
import { audit } from '../auth/audit'
import { checkSecretLimited } from '../auth/secret-check'
import { useStep, withdrawalSecondFactor } from '../accounts/two-factor'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { users, withdrawals } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { DomainError, notFound, rejected } from '../domain/errors'
import { accountName } from '../identity/submissions'
import { moneyTransaction, runOnce } from '../ledger/idempotent'
import { isWatched } from '../custody/evm-custody'
import { postTransaction, type Entry } from '../ledger/post'
import { addressById, hasAddressFor } from './addresses'
import { fieldError, userAmount } from './amounts'
import { chainFor, listChains, withdrawTerms } from './chains'
import type { MoneyCaller } from './deposits'
import { spotAvailable } from './balances'
import { withinAutoLimit } from './withdraw-auto-limit'
import { holdOf, holdView } from './withdraw-hold'
import { lockReason, withdrawLocks, type WithdrawLock } from './withdraw-lock'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'
import { reviewActor, reviewReason, type Page, type ReviewDecision } from './review'

/**
 * The pairs a user can withdraw, with minimum, fee and what the spot wallet's available balance allows in the book:
 * less what is not withdrawable yet (chain deposits short of 6 confirmations, debts: server/money/withdraw-lock.ts).
 */
export async function withdrawOptions(db: Db, userId: number, book: MoneyCaller['book']): Promise<WithdrawOption[]> {
  const rows = await listChains(db)
  const locks = book === 'live' ? await withdrawLocks(db, userId) : new Map<string, WithdrawLock>()
  return Promise.all(
    rows.map(async (c) => {
      const { min, fee } = withdrawTerms(c)
      return {
        currency: c.currency,
        chain: c.chain,
        enabled: c.withdrawEnabled && book === 'live',
        min_withdraw: min,
        withdraw_fee: fee,
        scale: currencyScale(c.currency),
        available: await withdrawableOf(db, userId, book, c.currency, locks),
        locked: lockedAnswer(lockReason(locks, c.currency)),
      }
    }),
  )
}

/** `withdraw_options`' `locked` from lockReason. */
function lockedAnswer(why: ReturnType<typeof lockReason>): WithdrawOption['locked'] {
  if (!why) return null
  return why.kind === 'debt'
    ? { reason: 'debt', currency: why.currency, amount: why.amount }
    : { reason: 'confirming', currency: why.currency }
}

/** The spot wallet's available `currency`; nothing while a deposit waits or a debt is owed (withdraw-lock.ts). */
async function withdrawableOf(
  db: Db,
  userId: number,
  book: MoneyCaller['book'],
  currency: string,
  locks: Map<string, WithdrawLock>,
) {
  const available = await spotAvailable(db, userId, book, currency)
  if (book !== 'live') return available
  return locks.size > 0 ? parseDecimal('0') : available
}

/** A withdrawal request once parsed by `withdrawInput`. */
export interface WithdrawRequest {
  currency: string
  chain: Chain
  address_id: number
  amount: DecimalString
  pay_password: string
  /** Once two-factor authentication is on: the authenticator's code (accounts/two-factor.ts). */
  totp_code?: string
}

/**
 * Checks the request and the transaction password, then (once per key) records it and freezes amount + fee.
 * @throws DomainError naming the field: `demoNoFunding`; `chainUnknown`, `withdrawPaused` (chain);
 *   `amountNotPositive`/`amountTooManyDecimals`/`amountBelowMinimum` (amount); `addressFirst` (no address saved for
 *   the pair), `addressNotFound`/`addressWrongChain` (address_id); `payPasswordNotSet`/`payPasswordRequired`/
 *   `payPasswordWrong` (pay_password), 429 `tooManyAttempts`; `twoFactorRequired`/`twoFactorWrong`/`twoFactorUsed`
 *   (totp_code: a code is used up in the withdrawal's transaction, so a replay of the key answers again); `lackOfFunds` (amount); `withdrawWaitConfirmations`
 *   (amount: a chain deposit is short of 6 confirmations), `withdrawDebt` (amount: a reversed one still owes;
 *   withdraw-lock.ts);
 *   `idempotencyKeyReused`.
 */
export async function requestWithdrawal(
  { db, custody }: Pick<ServiceDeps, 'db' | 'custody'>,
  who: MoneyCaller & { ip: string; locale: Locale },
  input: WithdrawRequest,
): Promise<{
  id: number
  status: 'pending' | 'sending'
  fee: DecimalString
  arrival_amount: DecimalString
  hold: ReturnType<typeof holdView>
}> {
  if (who.book !== 'live') throw rejected('demoNoFunding')
  const chain = await chainFor(db, input.currency, input.chain)
  const vars = { currency: input.currency, chain: input.chain }
  if (!chain.withdrawEnabled) throw fieldError('chain', 'withdrawPaused', vars, 'rejected')
  const amount = userAmount(input.amount, input.currency)
  const { min, fee } = withdrawTerms(chain)
  if (compare(amount, min) < 0)
    throw fieldError('amount', 'amountBelowMinimum', { min, currency: input.currency }, 'rejected')
  if (!(await hasAddressFor(db, who.userId, input.currency, input.chain))) {
    throw fieldError('address_id', 'addressFirst', {}, 'rejected')
  }
  const address = await addressById(db, who.userId, input.address_id)
  if (!address) throw fieldError('address_id', 'addressNotFound', {}, 'rejected')
  if (address.currency !== input.currency || address.chain !== input.chain) {
    throw fieldError(
      'address_id',
      'addressWrongChain',
      { currency: address.currency, chain: address.chain },
      'rejected',
    )
  }
  const [user] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, who.userId))
  if (!user?.hash) throw fieldError('pay_password', 'payPasswordNotSet', {}, 'rejected')
  if (!input.pay_password) throw fieldError('pay_password', 'payPasswordRequired')
  await checkSecretLimited(db, {
    userId: who.userId,
    stored: user.hash,
    password: input.pay_password,
    wrong: 'payPasswordWrong',
    field: 'pay_password',
    action: 'withdraw_request',
    ip: who.ip,
    locale: who.locale,
  })
  const step = await withdrawalSecondFactor(db, { userId: who.userId, ip: who.ip, locale: who.locale }, input.totp_code)
  const total = add(amount, fee)
  // The password is not part of "the same payload": a replay must prove it again, and it is never hashed into a row.
  const payload = { currency: input.currency, chain: input.chain, address_id: input.address_id, amount }
  return runOnce(db, { userId: who.userId, key: who.key, call: 'assets/withdraw', payload }, async (tx) => {
    if (step !== null) await useStep(tx, who.userId, step, 'totp_code')
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId: who.userId,
        currency: input.currency,
        chain: input.chain,
        address: address.address,
        amount,
        fee,
        // A watched pair is sent on chain by the signer once approved (issue 23 part 3).
        network: isWatched(custody, input.currency, input.chain) ? custody!.network : null,
      })
      .returning({ id: withdrawals.id, network: withdrawals.network })
    const spot = { userId: who.userId, wallet: 'spot' as const }
    await postTransaction(tx, {
      kind: 'withdraw_request',
      book: 'live',
      userId: who.userId,
      reference: `withdrawal:${row!.id}`,
      actor: `user:${who.userId}`,
      entries: [
        { owner: spot, currency: input.currency, bucket: 'available', amount: negate(total) },
        { owner: spot, currency: input.currency, bucket: 'frozen', amount: total },
      ],
    })
    // The account row is locked by the posting: no deposit may be waiting for confirmations, no debt owed.
    const why = lockReason(await withdrawLocks(tx, who.userId), input.currency)
    if (why?.kind === 'debt') {
      throw fieldError('amount', 'withdrawDebt', { amount: why.amount, currency: why.currency }, 'rejected')
    }
    if (why) throw fieldError('amount', 'withdrawWaitConfirmations', { currency: why.currency }, 'rejected')
    // A new address or a recent password change: never sent without an operator (withdraw-hold.ts).
    const hold = await holdOf(tx, who.userId, address.id)
    if (hold) {
      await tx
        .update(withdrawals)
        .set({ holdUntil: hold.until, holdReason: hold.reason })
        .where(eq(withdrawals.id, row!.id))
    }
    const status =
      hold === null && row!.network !== null && (await withinAutoLimit(tx, who.userId, input.currency, row!.id))
        ? 'sending'
        : 'pending'
    if (status === 'sending') {
      await tx
        .update(withdrawals)
        .set({ status, reviewedAt: sql`now()` })
        .where(eq(withdrawals.id, row!.id))
      await audit(tx, {
        userId: who.userId,
        action: 'withdraw_approve',
        result: 'ok',
        detail: `withdrawal ${row!.id} of user ${who.userId}: ${amount} ${input.currency} + fee ${fee} (to the signer: within the daily limit)`,
        ip: who.ip,
      })
    }
    const held = hold && holdView({ status, holdReason: hold.reason, holdUntil: hold.until })
    return { id: row!.id, status, fee, arrival_amount: amount, hold: held }
  })
}

type WithdrawalRow = typeof withdrawals.$inferSelect

function view(r: WithdrawalRow): Withdrawal {
  const amount = parseDecimal(r.amount)
  return {
    id: r.id,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    amount,
    fee: parseDecimal(r.fee),
    arrival_amount: amount,
    status: r.status,
    reason: r.reason,
    tx_hash: r.txHash,
    confirmations: r.status === 'sending' ? r.confirmations : null,
    created_at: formatUtc(r.createdAt),
    reviewed_at: r.reviewedAt ? formatUtc(r.reviewedAt) : null,
    hold: holdView(r),
  }
}

/** The caller's withdrawals, newest first. */
export async function listWithdrawals(db: Db, userId: number, page: Page) {
  const where = eq(withdrawals.userId, userId)
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where)
  return { list: rows.map(view), total: total?.n ?? 0, ...page }
}

/** Every withdrawal (optionally of one state), newest first, with its user. */
export async function adminListWithdrawals(db: Db, filter: Page & { status?: WithdrawalState | undefined }) {
  const cond: SQL | undefined = filter.status ? eq(withdrawals.status, filter.status) : undefined
  const rows = await db
    .select({ w: withdrawals, u: users })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(cond)
    .orderBy(desc(withdrawals.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
  const [total] = await db.select({ n: count() }).from(withdrawals).where(cond)
  const list = rows.map(({ w, u }) => ({ ...view(w), user_id: u.id, account: accountName(u) }))
  return { list, total: total?.n ?? 0, page: filter.page, limit: filter.limit }
}

/**
 * Approves or rejects (unfrozen, with a reason) a pending withdrawal, once. Approval pays out from the frozen funds
 * (the amount to the withdrawals account, the fee to the fees account: `settleFrozen`) — or, for a withdrawal the venue
 * sends on chain itself (`network` set at the request), hands it to the signer (`sending`: the funds stay frozen
 * until its transaction has 6 confirmations, server/custody/signer.ts).
 * An approval is refused (naming `id`) while the user owes a reversed deposit's debt or has a chain deposit short of
 * its 6 confirmations — the request's own check, made again: a reorganization since the request may have left one.
 * @throws DomainError not_found `withdrawalNotFound`, conflict `alreadyReviewed`, rejected `identityReason*`,
 *   `withdrawDebt`, `withdrawWaitConfirmations`.
 */
export async function reviewWithdrawal(
  { db }: Pick<ServiceDeps, 'db'>,
  d: ReviewDecision,
): Promise<{ id: number; status: WithdrawalState }> {
  const reason = reviewReason(d)
  const decided = await moneyTransaction(db, async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: sql`case when not ${d.approve} then 'rejected' when ${withdrawals.network} is null then 'approved' else 'sending' end`,
        reason,
        reviewedBy: d.reviewerId,
        reviewedAt: sql`now()`,
      })
      .where(and(eq(withdrawals.id, d.id), eq(withdrawals.status, 'pending')))
      .returning()
    if (!row) return undefined
    if (d.approve) {
      // The lock of the request again: a reorganization since may have left a debt, or a deposit to confirm.
      const why = lockReason(await withdrawLocks(tx, row.userId), row.currency)
      if (why?.kind === 'debt') {
        throw fieldError('id', 'withdrawDebt', { amount: why.amount, currency: why.currency }, 'rejected')
      }
      if (why) throw fieldError('id', 'withdrawWaitConfirmations', { currency: why.currency }, 'rejected')
    }
    if (row.status !== 'sending') {
      await settleFrozen(tx, row, d.approve ? 'withdraw_approve' : 'withdraw_reject', reviewActor(d))
    }
    const [amount, fee, c] = [parseDecimal(row.amount), parseDecimal(row.fee), row.currency]
    await audit(tx, {
      userId: d.reviewerId,
      action: d.approve ? 'withdraw_approve' : 'withdraw_reject',
      result: 'ok',
      detail: `withdrawal ${row.id} of user ${row.userId}: ${amount} ${c} + fee ${fee}${row.status === 'sending' ? ' (to the signer)' : ''}${d.reviewerId === null ? ' by command line' : ''}`,
      ip: d.ip ?? '',
    })
    await emitEvents(tx, [
      noticeEvent(row.userId, 'withdrawal_reviewed', row.id, {
        state: row.status,
        ...(reason ? { message: reason } : {}),
      }),
    ])
    return row
  })
  if (decided) return { id: d.id, status: decided.status }
  const [exists] = await db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, d.id))
  if (!exists) throw notFound('withdrawalNotFound', 'id')
  throw new DomainError('conflict', 'alreadyReviewed')
}

/**
 * Ends a withdrawal's hold on the frozen amount + fee, in the caller's transaction: paid out (`withdraw_approve`: the
 * amount to the platform's withdrawals account, the fee to the fees account) or given back to the spot wallet's
 * available balance (`withdraw_reject` on a rejection, `withdraw_fail` when its transaction failed on chain). The
 * ledger's reference `withdrawal:<id>` is unique per kind, so each happens at most once.
 */
export async function settleFrozen(
  tx: Db,
  row: WithdrawalRow,
  kind: 'withdraw_approve' | 'withdraw_reject' | 'withdraw_fail',
  actor: string,
): Promise<void> {
  const amount = parseDecimal(row.amount)
  const fee = parseDecimal(row.fee)
  const total = add(amount, fee)
  const spot = { userId: row.userId, wallet: 'spot' as const }
  const c = row.currency
  const entries: Entry[] =
    kind === 'withdraw_approve'
      ? [
          { owner: spot, currency: c, bucket: 'frozen', amount: negate(total) },
          { owner: { system: 'withdrawals' }, currency: c, bucket: 'available', amount },
          ...(compare(fee, parseDecimal('0')) > 0
            ? [{ owner: { system: 'fees' as const }, currency: c, bucket: 'available' as const, amount: fee }]
            : []),
        ]
      : [
          { owner: spot, currency: c, bucket: 'frozen', amount: negate(total) },
          { owner: spot, currency: c, bucket: 'available', amount: total },
        ]
  await postTransaction(tx, {
    kind,
    book: 'live',
    userId: row.userId,
    reference: `withdrawal:${row.id}`,
    actor,
    entries,
  })
}
