/**
 * Deposits (spec §2, DESIGN §4 Funds): the user claims what they sent to the platform's address (currency, chain,
 * amount, sending address, optional transaction hash and proof image); an operator checks it on chain and approves
 * (the ledger credits the spot wallet exactly once: the decision is a conditional update of a pending claim, and the
 * credit's reference `deposit:<id>` is unique) or rejects with a reason the user sees. Closed in the demo book.
 */
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm'
import type { Book } from '../../common/api/user-info'
import type { Chain, Deposit, DepositOption, DepositState, ReviewState } from '../../common/api/assets'
import { currencyScale, negate, parseDecimal, type DecimalString } from '../../common/amount'
import { audit } from '../auth/audit'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { chainCursors, deposits, uploads, users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { DomainError, notFound, rejected } from '../domain/errors'
import { accountName } from '../identity/submissions'
import { moneyTransaction, runOnce } from '../ledger/idempotent'
import { postTransaction } from '../ledger/post'
import { signImageUrl } from '../uploads/signed-url'
import { canonicalAddress } from './address'
import { fieldError, userAmount } from './amounts'
import { chainFor, listChains } from './chains'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'
import { reviewActor, reviewReason, type Page, type ReviewDecision } from './review'
import { txHashKey } from './tx-hash'
import { isWatched, type EvmCustody } from '../custody/evm-custody'

/** Who calls: the user, the session's book, the client's Idempotency-Key. */
export interface MoneyCaller {
  userId: number
  book: Book
  key: string
}

/** Transaction hashes: hex (0x-prefixed or not) or another chain's letters and digits, up to 128. */
const TX_HASH = /^(0x)?[0-9A-Za-z]{16,128}$/

/** The pairs a user can deposit, with the platform's address (null = none set yet). */
export async function depositOptions(db: Db, custody?: EvmCustody): Promise<DepositOption[]> {
  return (await listChains(db)).map((c) => {
    const watched = isWatched(custody, c.currency, c.chain)
    return {
      currency: c.currency,
      chain: c.chain,
      // A watched pair's address is the user's own (assets/deposit_address), not the platform's.
      address: watched ? null : c.depositAddress,
      enabled: c.depositEnabled && (watched || c.depositAddress !== null),
      scale: currencyScale(c.currency),
      watched,
    }
  })
}

/** What a claim carries once parsed by `depositClaimInput`. */
export interface ClaimInput {
  currency: string
  chain: Chain
  amount: DecimalString
  from_address: string
  tx_hash?: string | undefined
  proof_image?: number | undefined
}

/**
 * Records a claim in review; a replay of the key answers the same claim.
 * @throws DomainError naming the field: `demoNoFunding` (demo book), `chainUnknown`, `depositByAddress` (a pair the
 *   chain watcher credits: no claims), `depositPaused`,
 *   `depositNoAddress`, `amountNotPositive`/`amountTooManyDecimals`, `addressInvalid` (from_address),
 *   `txHashInvalid`, `txHashClaimed` (a claim not rejected has the same hash, in any spelling: server/money/tx-hash.ts;
 *   the partial unique index `deposits_tx_hash_key` settles two racing claims), `proofImageNotFound` (not the
 *   caller's upload); `idempotencyKeyReused`.
 */
export async function claimDeposit(
  { db, custody }: Pick<ServiceDeps, 'db' | 'custody'>,
  who: MoneyCaller,
  input: ClaimInput,
): Promise<{ id: number; status: ReviewState }> {
  if (who.book !== 'live') throw rejected('demoNoFunding')
  const chain = await chainFor(db, input.currency, input.chain)
  const vars = { currency: input.currency, chain: input.chain }
  if (isWatched(custody, input.currency, input.chain)) throw fieldError('chain', 'depositByAddress', vars, 'rejected')
  if (!chain.depositEnabled) throw fieldError('chain', 'depositPaused', vars, 'rejected')
  if (!chain.depositAddress) throw fieldError('chain', 'depositNoAddress', vars, 'rejected')
  const amount = userAmount(input.amount, input.currency)
  if (!input.from_address) throw fieldError('from_address', 'addressRequired')
  const from = await canonicalAddress(input.chain, input.from_address)
  if (!from) throw fieldError('from_address', 'addressInvalid', vars)
  const txHash = input.tx_hash ? input.tx_hash : null
  if (txHash !== null && !TX_HASH.test(txHash)) throw fieldError('tx_hash', 'txHashInvalid')
  const hashKey = txHash === null ? null : txHashKey(input.chain, txHash)
  if (input.proof_image !== undefined) {
    const [upload] = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, input.proof_image), eq(uploads.userId, who.userId)))
    if (!upload) throw fieldError('proof_image', 'proofImageNotFound')
  }
  const toAddress = chain.depositAddress
  const payload = { ...input, amount, from_address: from }
  return runOnce(db, { userId: who.userId, key: who.key, call: 'assets/deposit_claim', payload }, async (tx) => {
    if (hashKey !== null && (await hashHeld(tx, hashKey))) throw claimedError()
    const values = {
      userId: who.userId,
      currency: input.currency,
      chain: input.chain,
      amount,
      fromAddress: from,
      toAddress,
      txHash,
      txHashKey: hashKey,
      proofUploadId: input.proof_image ?? null,
    }
    const [row] = await tx
      .insert(deposits)
      .values(values)
      .returning({ id: deposits.id })
      .catch((err: unknown) => {
        // A claim of the same hash committed between the check and this insert (the index waited for it).
        throw isUniqueViolation(err, 'deposits_tx_hash_key') ? claimedError() : err
      })
    return { id: row!.id, status: 'pending' as const }
  })
}

const claimedError = () => fieldError('tx_hash', 'txHashClaimed', {}, 'rejected')

/** True when a claim not rejected holds `key`. */
async function hashHeld(tx: Db, key: string): Promise<boolean> {
  const [held] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.txHashKey, key), ne(deposits.status, 'rejected')))
    .limit(1)
  return held !== undefined
}

/** True when `err` (or its drizzle `cause`) is PostgreSQL's unique violation 23505 on `constraint`. */
function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; message: string }
    if (pg.code === '23505') return pg.constraint === constraint || pg.message.includes(constraint)
  }
  return false
}

type DepositRow = typeof deposits.$inferSelect

/** The last block the watcher processed, per network (what confirmations count to). */
export async function chainTips(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(chainCursors)
  return new Map(rows.map((r) => [r.network, r.blockNumber]))
}

/** A chain deposit's confirmations at the processed tip `tip`; 0 pending or reversed; null for a claim. */
function confirmationsOf(r: DepositRow, tip: number | undefined): number | null {
  if (r.source !== 'chain') return null
  if (r.blockNumber === null || r.status === 'reversed' || tip === undefined) return 0
  return Math.max(0, tip - r.blockNumber + 1)
}

/**
 * A deposit as its owner sees it; the proof image URL is signed for `sessionId`; a chain deposit's confirmations
 * count to `tips` (chainTips).
 */
export async function depositView(
  db: Db,
  r: DepositRow,
  sessionId: number,
  tips: Map<string, number>,
): Promise<Deposit> {
  return {
    id: r.id,
    currency: r.currency,
    chain: r.chain,
    amount: parseDecimal(r.amount),
    from_address: r.fromAddress,
    to_address: r.toAddress,
    tx_hash: r.txHash,
    proof_image_url: r.proofUploadId === null ? null : await signImageUrl(db, r.proofUploadId, sessionId),
    source: r.source,
    confirmations: confirmationsOf(r, r.network === null ? undefined : tips.get(r.network)),
    debt: parseDecimal(r.debt),
    status: r.status,
    reason: r.reason,
    created_at: formatUtc(r.createdAt),
    reviewed_at: r.reviewedAt ? formatUtc(r.reviewedAt) : null,
  }
}

/** The caller's claims, newest first. */
export async function listDeposits(db: Db, userId: number, sessionId: number, page: Page) {
  const where = eq(deposits.userId, userId)
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
  const [total] = await db.select({ n: count() }).from(deposits).where(where)
  const tips = await chainTips(db)
  return {
    list: await Promise.all(rows.map((r) => depositView(db, r, sessionId, tips))),
    total: total?.n ?? 0,
    ...page,
  }
}

/** Every claim (optionally of one state), newest first, with its user; image URLs for the operator's session. */
export async function adminListDeposits(
  db: Db,
  filter: Page & { status?: DepositState | undefined },
  sessionId: number,
) {
  const cond: SQL | undefined = filter.status ? eq(deposits.status, filter.status) : undefined
  const rows = await db
    .select({ d: deposits, u: users })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(cond)
    .orderBy(desc(deposits.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
  const [total] = await db.select({ n: count() }).from(deposits).where(cond)
  const tips = await chainTips(db)
  const list = await Promise.all(
    rows.map(async ({ d, u }) => ({
      ...(await depositView(db, d, sessionId, tips)),
      user_id: u.id,
      account: accountName(u),
    })),
  )
  return { list, total: total?.n ?? 0, page: filter.page, limit: filter.limit }
}

/**
 * Approves (credits the user's live spot wallet from the platform's deposits account) or rejects (with a reason) a
 * pending claim, once: a second decision, or an approve racing a reject, finds it decided.
 * @throws DomainError not_found `depositNotFound` (also for a chain deposit: not a claim), conflict `alreadyReviewed`,
 *   rejected `identityReason*` (reason).
 */
export async function reviewDeposit(
  { db }: Pick<ServiceDeps, 'db'>,
  d: ReviewDecision,
): Promise<{ id: number; status: ReviewState }> {
  const reason = reviewReason(d)
  const status: ReviewState = d.approve ? 'approved' : 'rejected'
  const decided = await moneyTransaction(db, async (tx) => {
    const [row] = await tx
      .update(deposits)
      .set({ status, reason, reviewedBy: d.reviewerId, reviewedAt: new Date() })
      // Only a claim is reviewed: a chain deposit is the watcher's to credit (approving a pending one would credit twice).
      .where(and(eq(deposits.id, d.id), eq(deposits.source, 'claim'), eq(deposits.status, 'pending')))
      .returning()
    if (!row) return undefined
    if (d.approve) {
      const amount = parseDecimal(row.amount)
      await postTransaction(tx, {
        kind: 'deposit',
        book: 'live',
        userId: row.userId,
        reference: `deposit:${row.id}`,
        actor: reviewActor(d),
        entries: [
          { owner: { system: 'deposits' }, currency: row.currency, bucket: 'available', amount: negate(amount) },
          { owner: { userId: row.userId, wallet: 'spot' }, currency: row.currency, bucket: 'available', amount },
        ],
      })
    }
    await audit(tx, {
      userId: d.reviewerId,
      action: d.approve ? 'deposit_approve' : 'deposit_reject',
      result: 'ok',
      detail: `deposit ${row.id} of user ${row.userId}: ${parseDecimal(row.amount)} ${row.currency}${d.reviewerId === null ? ' by command line' : ''}`,
      ip: d.ip ?? '',
    })
    await emitEvents(tx, [
      noticeEvent(row.userId, 'deposit_reviewed', row.id, { state: status, ...(reason ? { message: reason } : {}) }),
    ])
    return row
  })
  if (decided) return { id: d.id, status }
  const [exists] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.id, d.id), eq(deposits.source, 'claim')))
  if (!exists) throw notFound('depositNotFound', 'id')
  throw new DomainError('conflict', 'alreadyReviewed')
}
