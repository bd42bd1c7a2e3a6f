/**
 * Custody tables (issue 23). The proof of liabilities (part 6):
 * - `liability_proofs`: one published proof — the Merkle-sum tree's root (hex), its leaf count, and per currency (in
 *   the tree's order) the liabilities and the reserves read from chain (null when no chain was read).
 * - `liability_proof_leaves`: one user's leaf of a proof — their place in the tree, the salt that hides it (given only
 *   to that user) and their balances per currency (decimal strings, the tree's order). The tree is rebuilt from these
 *   to answer a user's path.
 * The chain watcher (part 2, server/custody/chain-watcher.ts):
 * - `chain_addresses`: each user's deposit address on a network, derived from EVM_XPUB at `key_index` the first time
 *   they ask for it (server/custody/deposit-address.ts); what the watcher matches transfers against.
 * - `chain_cursors`: per network, the last block the watcher processed (number and hash): where it resumes.
 * - `chain_blocks`: the hashes of the last blocks processed, to find where a reorganization forked.
 */
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { users } from './schema-accounts'
import { amount, at, withdrawals } from './schema-ledger'

/** One currency's line of a proof. */
export interface ProofTotal {
  currency: string
  liabilities: string
  reserves: string | null
}

export const liabilityProofs = pgTable(
  'liability_proofs',
  {
    id: serial('id').primaryKey(),
    root: text('root').notNull(),
    leafCount: integer('leaf_count').notNull(),
    totals: jsonb('totals').$type<ProofTotal[]>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [check('liability_proofs_root_hex', sql`${t.root} ~ '^[0-9a-f]{64}$'`)],
)

export const liabilityProofLeaves = pgTable(
  'liability_proof_leaves',
  {
    proofId: integer('proof_id')
      .notNull()
      .references(() => liabilityProofs.id, { onDelete: 'cascade' }),
    // No cascade: a published tree is rebuilt from all of its leaves.
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    leafIndex: integer('leaf_index').notNull(),
    salt: text('salt').notNull(),
    balances: jsonb('balances').$type<string[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.proofId, t.userId] }),
    uniqueIndex('liability_proof_leaves_index').on(t.proofId, t.leafIndex),
    index('liability_proof_leaves_user').on(t.userId),
  ],
)

export const chainAddresses = pgTable(
  'chain_addresses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `evm:<chain id>`. */
    network: text('network').notNull(),
    /** Lower-case hex with 0x (what logs carry); shown EIP-55 checksummed. */
    address: text('address').notNull(),
    keyIndex: integer('key_index').notNull(),
    /**
     * The highest id of this address's chain deposits whose funds the sweeper has moved to the hot wallet
     * (server/custody/sweeper.ts): an address with a withdrawable deposit above it is to be swept. 0 = none yet.
     */
    sweptThrough: integer('swept_through').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.network] }),
    uniqueIndex('chain_addresses_address').on(t.network, t.address),
    check('chain_addresses_lower_hex', sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
)

export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  /** The last block processed; -1 before the first. */
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  /** Its hash; null before the first. */
  blockHash: text('block_hash'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

export const chainBlocks = pgTable(
  'chain_blocks',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
)

/**
 * The signer's hot wallet on a network (issue 23 part 3, server/custody/signer.ts): the next nonce it will use. The
 * row is locked while a transaction is signed, so two signer processes never give one nonce to two withdrawals.
 */
export const hotWallets = pgTable(
  'hot_wallets',
  {
    network: text('network').notNull(),
    /** Lower-case 0x hex. */
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
)

/**
 * Each transaction the signer signed for a withdrawal, stored (with its raw bytes) before it is broadcast, so a
 * signer that dies between the two sends the same bytes again instead of a second payment. A replacement (same
 * nonce, higher fees) is another row; whichever of them is mined pays the withdrawal, never two (one nonce).
 */
export const withdrawalTxs = pgTable(
  'withdrawal_txs',
  {
    id: serial('id').primaryKey(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    network: text('network').notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    /** Lower-case 0x hex. */
    txHash: text('tx_hash').notNull(),
    /** The signed transaction (0x hex), as broadcast. */
    raw: text('raw').notNull(),
    /** EIP-1559 fees, wei (decimal strings). */
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawal_txs_hash').on(t.network, t.txHash),
    index('withdrawal_txs_withdrawal').on(t.withdrawalId, t.id),
    // One withdrawal per nonce: its replacements share it, another withdrawal never does.
    index('withdrawal_txs_nonce').on(t.network, t.fromAddress, t.nonce),
  ],
)

/**
 * Per user and currency, what the operator lets leave each UTC day without review (issue 23 part 3): a withdrawal of
 * a pair sent on chain that keeps the day's total (sending and paid ones of the user since 00:00 UTC, itself included)
 * within `daily_limit` goes to the signer at once. No row: every withdrawal waits for an operator.
 */
export const withdrawAutoLimits = pgTable(
  'withdraw_auto_limits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    dailyLimit: amount('daily_limit').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('withdraw_auto_limits_positive', sql`${t.dailyLimit} > 0`),
  ],
)

/**
 * Each transaction the sweeper signed (issue 23 part 4, server/custody/sweeper.ts), stored with its raw bytes before it
 * is broadcast: `sweep` moves a deposit address's ETH or USDT to the hot wallet (signed with the address's key), `gas`
 * sends a deposit address the ETH its USDT sweep will burn (signed with the hot wallet's key, at the hot wallet's
 * nonce, shared with withdrawals). The chain watcher never credits a `gas` transfer as the user's deposit. A
 * replacement (same sender and nonce, higher fees) is another row; when one of a nonce's rows is final, it becomes
 * `mined` or `reverted` and the others `dropped`.
 */
export const sweepTxs = pgTable(
  'sweep_txs',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    /** The deposit address swept or topped up (lower-case 0x hex). */
    address: text('address').notNull(),
    purpose: text('purpose', { enum: ['sweep', 'gas'] }).notNull(),
    /** What moves: ETH (gas, ETH sweeps) or USDT. */
    currency: text('currency').notNull(),
    /** The amount moved, in the currency (exact, from base units). */
    amount: amount('amount').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    /** Lower-case 0x hex. */
    txHash: text('tx_hash').notNull(),
    raw: text('raw').notNull(),
    /** Fees, wei (decimal strings): EIP-1559 max fee and tip, or a legacy gas price in both. */
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    status: text('status', { enum: ['sent', 'mined', 'reverted', 'dropped'] })
      .notNull()
      .default('sent'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sweep_txs_hash').on(t.network, t.txHash),
    index('sweep_txs_address').on(t.network, t.address, t.id),
    index('sweep_txs_open').on(t.network, t.status),
    check('sweep_txs_positive', sql`${t.amount} > 0`),
  ],
)
