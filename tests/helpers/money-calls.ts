/**
 * Money calls for server tests: JSON calls with an Idempotency-Key (a fresh one unless given), users with a
 * transaction password, and a funded spot wallet through the real deposit claim and operator approval.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../../server/auth/passwords'
import type { Db } from '../../server/db/client'
import { ledgerAccounts, users } from '../../server/db/schema'
import { saveChain } from '../../server/money/chains'
import { parseDecimal } from '../../common/amount'
import type { Envelope } from '../server/identity-fixtures'

/** A TRON address (the USDT-TRC20 contract) used as the platform's and the users' addresses in tests. */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
/** Another valid TRON address. */
export const TRON_ADDRESS_2 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
/** The transaction password `withPayPassword` sets. */
export const PAY_PASSWORD = 'Pay-pass-2468'

/** A call as `token`; POSTs carry `key` (default a new UUID) as Idempotency-Key unless `key` is null. */
export async function moneyCall<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  opts: { key?: string | null; lang?: string } = {},
) {
  const headers: Record<string, string> = { token, 'accept-language': opts.lang ?? 'en' }
  const key = opts.key === undefined ? randomUUID() : opts.key
  if (method === 'POST' && key !== null) headers['idempotency-key'] = key
  const url =
    method === 'GET' && payload
      ? `/api/${path}?${new URLSearchParams(payload as Record<string, string>)}`
      : `/api/${path}`
  const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: payload ?? {} } : {}) })
  return { status: res.statusCode, body: res.json<Envelope<T>>() }
}

/** Gives `userId` the transaction password PAY_PASSWORD. */
export async function withPayPassword(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(PAY_PASSWORD) })
    .where(eq(users.id, userId))
}

/** Opens USDT-TRC20 with a platform address, minimum `min` and fee `fee`. */
export async function openUsdtTrc20(db: Db, terms: { min?: string; fee?: string } = {}): Promise<void> {
  await saveChain(db, {
    currency: 'USDT',
    chain: 'TRC20',
    deposit_address: TRON_ADDRESS,
    min_withdraw: parseDecimal(terms.min ?? '10'),
    withdraw_fee: parseDecimal(terms.fee ?? '1'),
    deposit_enabled: true,
    withdraw_enabled: true,
  })
}

/** Claims a USDT-TRC20 deposit of `amount` as `token` and has `operatorToken` approve it; returns the claim id. */
export async function fundUsdt(app: FastifyInstance, token: string, operatorToken: string, amount: string) {
  const claim = await moneyCall<{ id: number }>(app, token, 'POST', 'assets/deposit_claim', {
    currency: 'USDT',
    chain: 'TRC20',
    amount,
    from_address: TRON_ADDRESS_2,
  })
  if (claim.body.code !== 1) throw new Error(`deposit claim refused: ${claim.body.msg}`)
  const review = await moneyCall(app, operatorToken, 'POST', 'admin/deposit_review', {
    id: claim.body.data.id,
    approve: true,
  })
  if (review.body.code !== 1) throw new Error(`deposit review refused: ${review.body.msg}`)
  return claim.body.data.id
}

/** What `userId`'s live spot wallet holds of `currency` (read from the ledger's account row; zero without one). */
export async function liveSpot(db: Db, userId: number, currency: string) {
  const [row] = await db
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.book, 'live'),
        eq(ledgerAccounts.wallet, 'spot'),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return { available: parseDecimal(row?.available ?? '0'), frozen: parseDecimal(row?.frozen ?? '0') }
}
