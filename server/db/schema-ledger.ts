/**
 * Money tables (issue 10, DESIGN §4 Ledger). Balances live in `ledger_accounts` and change only through
 * server/ledger (one database transaction per change, entries per book and currency summing to zero). Deposits,
 * withdrawals, transfers and the address book are the records users see; the ledger is what they move.
 * Amounts are NUMERIC(38,18): 20 integer digits and 18 decimals, the finest currency scale in common/amount (ETH
 * wei; NEAR is held to 10^-18) and what the wire's amount fields accept (LEDGER_SCALE), so no column ever rounds.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type {
  Chain,
  DepositSource,
  DepositState,
  LedgerKind,
  ReviewState,
  Wallet,
  WithdrawalState,
  WithdrawHoldReason,
} from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { uploads, users } from './schema-accounts'

/** A point in time, with its zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => at('created_at').notNull().defaultNow()
/** An exact amount; drizzle reads it as the decimal string PostgreSQL prints. */
export const amount = (name: string) => numeric(name, { precision: 38, scale: 18 })

/**
 * One balance: of a user (`owner` = `user:<id>`) or of the platform (`system:<name>`: deposits, withdrawals, fees,
 * counterparty, insurance, demo_faucet), per book, wallet and currency. User balances can never go below zero
 * (CHECK). Platform accounts are the other side of every entry; their sign is checked too (issue 21 Part 9,
 * `ledger_accounts_platform_sign`, mirrored by server/ledger/post.ts `PLATFORM_SIGN`):
 * - `counterparty` and `insurance` take either sign: they win and lose against users;
 * - `demo_faucet` takes either sign: the demo book's source of play money, which the operator may also take back;
 * - `deposits` is never positive: it is the source of every live deposit (−amount per credit) and nothing pays it;
 * - every other one (`fees`, `withdrawals`, and any added later) only receives, so it is never negative.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    owner: text('owner').notNull(),
    userId: integer('user_id').references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    wallet: text('wallet').$type<Wallet>().notNull(),
    currency: text('currency').notNull(),
    available: amount('available').notNull().default('0'),
    frozen: amount('frozen').notNull().default('0'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_key').on(t.owner, t.book, t.wallet, t.currency),
    index('ledger_accounts_user').on(t.userId),
    check('ledger_accounts_book_check', sql`${t.book} in ('live', 'demo')`),
    check('ledger_accounts_wallet_check', sql`${t.wallet} in ('spot', 'contract', 'option')`),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.userId} is not null and ${t.owner} = 'user:' || ${t.userId}) or (${t.userId} is null and ${t.owner} like 'system:%')`,
    ),
    check('ledger_accounts_non_negative', sql`${t.userId} is null or (${t.available} >= 0 and ${t.frozen} >= 0)`),
    check(
      'ledger_accounts_platform_sign',
      sql`${t.userId} is not null or ${t.owner} in ('system:counterparty', 'system:insurance', 'system:demo_faucet') or (${t.owner} = 'system:deposits' and ${t.available} <= 0 and ${t.frozen} >= 0) or (${t.owner} <> 'system:deposits' and ${t.available} >= 0 and ${t.frozen} >= 0)`,
    ),
  ],
)

/** One balanced change: its kind, what it is about (`reference`, unique per kind) and who made it. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    book: text('book').$type<Book>().notNull(),
    /** The user whose balances it moves; null for a platform-only change. */
    userId: integer('user_id').references(() => users.id),
    /** e.g. `deposit:12`, `withdrawal:7`, `transfer:3`: the same effect can never be posted twice. */
    reference: text('reference').notNull(),
    /** `user:<id>`, `operator:<id>`, `cli` or `system`. */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_reference').on(t.kind, t.reference),
    index('ledger_transactions_user').on(t.userId, t.id),
    // Today's income (server/money/daily-income.ts) reads a user's transactions since 00:00.
    index('ledger_transactions_user_time').on(t.userId, t.createdAt),
  ],
)

/** One side of a transaction on one bucket of one account; `balance_after` is the bucket's value after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    bucket: text('bucket').$type<'available' | 'frozen'>().notNull(),
    amount: amount('amount').notNull(),
    balanceAfter: amount('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account').on(t.accountId, t.id),
    index('ledger_entries_transaction').on(t.transactionId),
    check('ledger_entries_bucket_check', sql`${t.bucket} in ('available', 'frozen')`),
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
  ],
)

/**
 * The answer of a money-moving call, kept under the client's Idempotency-Key: a replay gets it back, the same key with
 * another payload is refused. `request_hash` is SHA-256 of the call and its payload without secrets.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    call: text('call').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `ok` (response = the data) or `refused` (response = the DomainError to say again). */
    outcome: text('outcome').$type<'ok' | 'refused'>(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
)

/** A currency on a chain as the operator set it up: the platform's deposit address, withdrawal minimum and fee. */
export const chains = pgTable(
  'chains',
  {
    currency: text('currency').notNull(),
    chain: text('chain').$type<Chain>().notNull(),
    depositAddress: text('deposit_address'),
    /** Smallest chain deposit credited (issue 23); claims are not bound by it. */
    minDeposit: amount('min_deposit').notNull().default('0'),
    minWithdraw: amount('min_withdraw').notNull().default('0'),
    withdrawFee: amount('withdraw_fee').notNull().default('0'),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.chain] }),
    check('chains_amounts_check', sql`${t.minWithdraw} >= 0 and ${t.withdrawFee} >= 0 and ${t.minDeposit} >= 0`),
  ],
)

const review = {
  status: text('status').$type<ReviewState>().notNull().default('pending'),
  reason: text('reason'),
  /** Operator user id; null when decided from the command line. */
  reviewedBy: integer('reviewed_by'),
  reviewedAt: at('reviewed_at'),
  createdAt: createdAt(),
}

/**
 * A deposit: a user's claim, credited once when an operator approves it (`source` claim), or a transfer the chain
 * watcher found on the user's own address (`source` chain, server/custody/chain-watcher.ts): pending, credited at 1
 * confirmation, withdrawable at 6, reversed if its block leaves the chain. A chain deposit is one per (network, tx
 * hash, log index) among those not reversed: the same transfer re-mined in another block after a reorganization is a
 * new row.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    chain: text('chain').$type<Chain>().notNull(),
    amount: amount('amount').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    txHash: text('tx_hash'),
    /** `txHashKey(chain, tx_hash)` (server/money/tx-hash.ts): unique among claims not rejected; null without hash. */
    txHashKey: text('tx_hash_key'),
    proofUploadId: integer('proof_upload_id').references(() => uploads.id),
    source: text('source').$type<DepositSource>().notNull().default('claim'),
    /** Chain deposits: the watcher's network (`evm:<chain id>`). */
    network: text('network'),
    /** Chain deposits: the ERC-20 Transfer log's index in its block; -1 for a native transfer; null while pending. */
    logIndex: integer('log_index'),
    /** Chain deposits: the block that holds it (null while pending). */
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    /** A reversed chain deposit: what the spot wallet could not give back, still owed to the venue. */
    debt: amount('debt').notNull().default('0'),
    ...review,
    status: text('status').$type<DepositState>().notNull().default('pending'),
  },
  (t) => [
    index('deposits_user').on(t.userId, t.id),
    index('deposits_status').on(t.status, t.id),
    uniqueIndex('deposits_tx_hash_key')
      .on(t.txHashKey)
      .where(sql`${t.source} = 'claim' and ${t.status} <> 'rejected'`),
    uniqueIndex('deposits_chain_event')
      .on(t.network, t.txHashKey, t.logIndex)
      .where(sql`${t.source} = 'chain' and ${t.status} <> 'reversed'`),
    index('deposits_chain_block')
      .on(t.network, t.blockNumber)
      .where(sql`${t.source} = 'chain'`),
    check(
      'deposits_status_check',
      sql`(${t.source} = 'claim' and ${t.status} in ('pending', 'approved', 'rejected')) or (${t.source} = 'chain' and ${t.status} in ('pending', 'credited', 'withdrawable', 'reversed'))`,
    ),
    check('deposits_amount_check', sql`${t.amount} > 0 and ${t.debt} >= 0 and ${t.debt} <= ${t.amount}`),
    check(
      'deposits_chain_fields',
      sql`${t.source} = 'claim' or (${t.network} is not null and ${t.txHashKey} is not null and (${t.status} = 'pending' or (${t.blockNumber} is not null and ${t.blockHash} is not null and ${t.logIndex} is not null)))`,
    ),
  ],
)

/** A withdrawal request: amount + fee frozen at request, paid out or unfrozen by the operator's decision. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    chain: text('chain').$type<Chain>().notNull(),
    address: text('address').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    ...review,
    status: text('status').$type<WithdrawalState>().notNull().default('pending'),
    /**
     * The EVM network (`evm:<chain id>…`) that sends it when the pair was watched at the request (issue 23 part 3):
     * approved, it goes to the signer (`sending`); null = paid by hand on approval, as before.
     */
    network: text('network'),
    /** The paying transaction's hash (lower-case 0x hex) once one was sent: the latest when it was replaced. */
    txHash: text('tx_hash'),
    /** Its confirmations while `sending`, as the signer last saw them (null before it is mined). */
    confirmations: integer('confirmations'),
    /**
     * A security hold (issue 24 part 7): to an address saved less than 24 h before the request, or asked within 24 h
     * of a password change, the withdrawal is never sent without an operator, and says until when it is held.
     */
    holdUntil: at('hold_until'),
    /** Why: `new_address` or `security_change`; null when not held. */
    holdReason: text('hold_reason').$type<WithdrawHoldReason>(),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.id),
    index('withdrawals_status').on(t.status, t.id),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'sending', 'paid', 'failed')`,
    ),
    check(
      'withdrawals_network_check',
      sql`${t.status} not in ('sending', 'paid', 'failed') or ${t.network} is not null`,
    ),
    check('withdrawals_amount_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check(
      'withdrawals_hold_check',
      sql`(${t.holdReason} is null) = (${t.holdUntil} is null) and (${t.holdReason} is null or ${t.holdReason} in ('new_address', 'security_change'))`,
    ),
  ],
)

/** The user's coin-address book: where withdrawals may go. */
export const coinAddresses = pgTable(
  'coin_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    chain: text('chain').$type<Chain>().notNull(),
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coin_addresses_user_address').on(t.userId, t.currency, t.chain, t.address)],
)

/** A transfer between two wallets of one book (its ledger transaction is `transfer:<id>`). */
export const transfers = pgTable(
  'transfers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    currency: text('currency').notNull(),
    fromWallet: text('from_wallet').$type<Wallet>().notNull(),
    toWallet: text('to_wallet').$type<Wallet>().notNull(),
    amount: amount('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transfers_user').on(t.userId, t.book, t.id),
    check('transfers_wallets_check', sql`${t.fromWallet} <> ${t.toWallet}`),
    check('transfers_amount_check', sql`${t.amount} > 0`),
  ],
)
