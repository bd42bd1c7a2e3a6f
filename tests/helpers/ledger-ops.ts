/**
 * The ledger suites' view of the money services (issue 10): a user set up for money calls (transaction password,
 * one saved address per test currency), the calls a model test drives (deposit claimed and approved, transfer,
 * withdrawal request and review) over the real services of server/money, reading a user's balances, emptying the
 * money tables between model runs, and exact fixed-point conversions for models that must not share code with the
 * ledger.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Chain, Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { parseDecimal, type DecimalString } from '../../common/amount'
import { hashPassword } from '../../server/auth/passwords'
import { openDatabase, type Db } from '../../server/db/client'
import type { Posting } from '../../server/ledger/post'
import { ledgerAccounts, users } from '../../server/db/schema'
import { saveAddress } from '../../server/money/addresses'
import { saveChain } from '../../server/money/chains'
import { claimDeposit, reviewDeposit } from '../../server/money/deposits'
import { transfer } from '../../server/money/transfers'
import { requestWithdrawal, reviewWithdrawal } from '../../server/money/withdrawals'
import { PAY_PASSWORD } from './money-calls'
import { makeUser } from './server-users'

/** A test currency: its chain, and a valid address on it (the platform's deposit address and the users' payout). */
export const TEST_CHAINS = {
  USDT: { chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  BTC: { chain: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
} as const satisfies Record<string, { chain: Chain; address: string }>
export type TestCurrency = keyof typeof TEST_CHAINS

/** Opens `currency` on its test chain for deposits and withdrawals with this fee and minimum. */
export async function openChain(db: Db, currency: TestCurrency, terms: { fee: string; min: string }): Promise<void> {
  const { chain, address } = TEST_CHAINS[currency]
  await saveChain(db, {
    currency,
    chain,
    deposit_address: address,
    min_withdraw: parseDecimal(terms.min),
    withdraw_fee: parseDecimal(terms.fee),
    deposit_enabled: true,
    withdraw_enabled: true,
  })
}

let payHash: Promise<string> | undefined

/** What a user needs for withdrawals: the transaction password PAY_PASSWORD and an address id per currency. */
export interface MoneyUser {
  userId: number
  addressIds: Record<TestCurrency, number>
}

/**
 * Makes `userId` ready for money calls: PAY_PASSWORD as transaction password (one argon2 hash per process, shared by
 * every user: hashing costs ~20 ms) and a saved address for each test currency (whose chains must be open).
 */
export async function moneyUser(db: Db, userId: number): Promise<MoneyUser> {
  payHash ??= hashPassword(PAY_PASSWORD)
  await db
    .update(users)
    .set({ payPasswordHash: await payHash })
    .where(eq(users.id, userId))
  const addressIds = {} as Record<TestCurrency, number>
  for (const [currency, { chain, address }] of Object.entries(TEST_CHAINS)) {
    addressIds[currency as TestCurrency] = (await saveAddress(db, userId, { currency, chain, address })).id
  }
  return { userId, addressIds }
}

/** The caller of a user call: whose money, which book, the call's Idempotency-Key. */
export interface Who {
  userId: number
  book: Book
  key: string
}

/** The money calls of issue 10 as a model test drives them, straight on the services (no HTTP). */
export interface MoneyCalls {
  /** Claims a deposit of `amount` to the user's live spot wallet and approves it (from the command line). */
  deposit(userId: number, currency: TestCurrency, amount: DecimalString, key: string): Promise<void>
  transfer(
    who: Who,
    input: { currency: TestCurrency; from: Wallet; to: Wallet; amount: DecimalString },
  ): Promise<{ id: number }>
  /** A withdrawal to the user's saved address with the right transaction password. */
  withdraw(
    who: Who,
    input: { currency: TestCurrency; amount: DecimalString },
  ): Promise<{ id: number; status: string; fee: DecimalString; arrival_amount: DecimalString }>
  /** The operator's decision (a rejection gives a reason). */
  reviewWithdrawal(review: { id: number; approve: boolean }): Promise<{ id: number; status: string }>
}

/** MoneyCalls over server/money for users prepared by `moneyUser` (looked up by id in `users`). */
export function serviceCalls(db: Db, users: ReadonlyMap<number, MoneyUser>): MoneyCalls {
  const deps = { db }
  return {
    async deposit(userId, currency, amount, key) {
      const { chain } = TEST_CHAINS[currency]
      const from_address = TEST_CHAINS[currency].address
      const claim = await claimDeposit(deps, { userId, book: 'live', key }, { currency, chain, amount, from_address })
      await reviewDeposit(deps, { id: claim.id, approve: true, reviewerId: null })
    },
    transfer: (who, input) => transfer(deps, who, input),
    withdraw(who, input) {
      const address_id = users.get(who.userId)!.addressIds[input.currency]
      return requestWithdrawal(
        deps,
        { ...who, ip: '127.0.0.1', locale: 'en' },
        { ...input, chain: TEST_CHAINS[input.currency].chain, address_id, pay_password: PAY_PASSWORD },
      )
    },
    reviewWithdrawal: ({ id, approve }) =>
      reviewWithdrawal(deps, { id, approve, reason: approve ? undefined : 'Address on a blocklist', reviewerId: null }),
  }
}

// ---- reading balances ----

/** The rows of a raw SQL query, typed by the caller (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query)
  return (result as { rows: T[] }).rows
}

/** One account's buckets, canonical decimal strings. */
export interface Buckets {
  available: DecimalString
  frozen: DecimalString
}

/** The user's balances keyed `book/wallet/currency` (accounts never touched are absent). */
export async function balancesOf(db: Db, userId: number): Promise<Map<string, Buckets>> {
  const rows = await db
    .select({
      book: ledgerAccounts.book,
      wallet: ledgerAccounts.wallet,
      currency: ledgerAccounts.currency,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
  return new Map(
    rows.map((r) => [
      `${r.book}/${r.wallet}/${r.currency}`,
      { available: parseDecimal(r.available), frozen: parseDecimal(r.frozen) },
    ]),
  )
}

/** Buckets of one account of the live book (zeros when it was never touched). */
export async function bucketsOf(db: Db, userId: number, currency: string, wallet: Wallet = 'spot'): Promise<Buckets> {
  const [row] = await db
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, `user:${userId}`),
        eq(ledgerAccounts.book, 'live'),
        eq(ledgerAccounts.wallet, wallet),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return {
    available: parseDecimal(row?.available ?? '0'),
    frozen: parseDecimal(row?.frozen ?? '0'),
  }
}

/**
 * Empties the money records (ledger, idempotency keys, deposits, withdrawals, transfers, saved addresses; the chains
 * stay) in one statement: each run of a model test then checks a ledger of its own size, not of every run before it.
 */
export async function clearMoneyTables(db: Db): Promise<void> {
  const tables = [
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
    'idempotency_keys',
    'deposits',
    'withdrawals',
    'transfers',
    'coin_addresses',
    'spot_fills',
    'spot_orders',
  ]
  // Data-modifying CTEs: the foreign keys are checked at the end of the statement, when all of them are gone.
  await db.execute(sql.raw(`with ${tables.map((t) => `d_${t} as (delete from ${t})`).join(', ')} select 1`))
}

// ---- exact amounts ----

/** Fixed-point units at `scale` decimals (BigInt), for test models that must not share code with the ledger. */
export function toUnits(text: string, scale: number): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!m) throw new Error(`not a decimal: ${text}`)
  const frac = (m[3] ?? '').replace(/0+$/, '')
  if (frac.length > scale) throw new Error(`${text} has more than ${scale} decimals`)
  const units = BigInt(m[2]! + frac.padEnd(scale, '0'))
  return m[1] ? -units : units
}

/** Canonical decimal text of `units` at `scale` decimals (the inverse of toUnits). */
export function fromUnits(units: bigint, scale: number): DecimalString {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '')
  return parseDecimal(`${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`)
}

/** A deposit straight through the ledger: `amount` USDT from `deposits` to the user's spot wallet, under `reference`. */
export function depositPosting(userId: number, reference: string, amount: string): Posting {
  return {
    kind: 'deposit',
    book: 'live',
    userId,
    reference,
    actor: 'system',
    entries: [
      { owner: { system: 'deposits' }, currency: 'USDT', bucket: 'available', amount: parseDecimal(`-${amount}`) },
      { owner: { userId, wallet: 'spot' }, currency: 'USDT', bucket: 'available', amount: parseDecimal(amount) },
    ],
  }
}

/**
 * A user with a live session and `amount` USDT deposited (a reviewed claim on a chain opened for it), made straight
 * in the PostgreSQL database at `databaseUrl` (a running server's: migrated by it at start). For benches that drive
 * the app as a funded user.
 */
export async function fundedUserIn(databaseUrl: string, amount: string): Promise<{ id: number; token: string }> {
  const direct = await openDatabase({ databaseUrl })
  try {
    const user = await makeUser(direct.db)
    await openChain(direct.db, 'USDT', { fee: '1', min: '10' })
    const money = await moneyUser(direct.db, user.id)
    await serviceCalls(direct.db, new Map([[user.id, money]])).deposit(
      user.id,
      'USDT',
      parseDecimal(amount),
      randomUUID(),
    )
    return { id: user.id, token: user.token }
  } finally {
    await direct.close()
  }
}
