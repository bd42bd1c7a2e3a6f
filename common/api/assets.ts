/**
 * The money calls (issue 10): assets overview, deposits, the coin-address book, withdrawals, transfers between
 * wallets, account change records, the demo book, and their operator calls. Amounts are decimal strings on the wire
 * (common/amount), never JSON numbers; dates are `YYYY-MM-DD HH:mm:ss` UTC like every date on the wire. Every call
 * acts on the session's current book (`live` or `demo`, see `user/info.book`).
 *
 * Amount fields accept any plain decimal text here; the server then checks sign, the currency's decimals, minimum and
 * balance and names the field in a translated message (a schema pattern could only say "invalid string").
 */
import { DEPOSIT_SOURCES, DEPOSIT_STATES, REVIEW_STATES, WITHDRAWAL_STATES } from './record-states'
import * as z from 'zod/mini'
import { idSchema } from './ids'
import { BOOKS } from './user-info'
import {
  ADDRESS_MAX,
  amountField,
  LEDGER_KINDS,
  REASON_MAX,
  TX_HASH_MAX,
  chainField,
  currencyField,
  dateField,
  listOf,
  money,
  oneLine,
  walletField,
  pageField,
  limitField,
} from './asset-fields'
import { withdrawalSchema } from './withdrawals'

export {
  ADDRESS_MAX,
  amountField,
  CHAINS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  LABEL_MAX,
  LEDGER_KINDS,
  pageQuery,
  REASON_MAX,
  TX_HASH_MAX,
  WALLETS,
  type Chain,
  type LedgerKind,
  type Wallet,
} from './asset-fields'
export * from './withdrawals'
export { BOOKS, type Book } from './user-info'
export * from './record-states'

// ---- assets/overview ----

export const balanceSchema = z.object({
  currency: z.string(),
  /** Usable. */
  available: money,
  /** Held by pending withdrawals (later: open orders). */
  frozen: money,
  /** available + frozen. */
  amount: money,
  /** amount × the currency's USDT price at `priced_at`, 2 decimals; null when no price is known. */
  usdt_value: z.nullable(money),
})
export type Balance = z.infer<typeof balanceSchema>

export const walletSchema = z.object({ wallet: walletField, total_usdt: money, balances: z.array(balanceSchema) })
export type WalletBalances = z.infer<typeof walletSchema>

/** GET assets/overview: the current book, valued at the feed's latest prices (their source labels sim/replay). */
export const overviewSchema = z.object({
  book: z.enum(BOOKS),
  total_usdt: money,
  /**
   * Today's income since 00:00 in the query's `tz` (default UTC), in USDT, 2 decimals: assets/daily_income's
   * `income_usdt` (common/api/income.ts says what it is the sum of).
   */
  daily_income_usdt: money,
  /** Epoch ms of the newest price used; null when none was known. */
  priced_at: z.nullable(z.int()),
  /** Where the prices came from: `htx` live, `replay` recorded, `sim` synthetic (shown as a badge). */
  price_source: z.enum(['htx', 'replay', 'sim']),
  wallets: z.array(walletSchema),
})
export type Overview = z.infer<typeof overviewSchema>

// ---- deposits ----

/** One currency/chain pair as users see it: the platform's address (null = the operator has not set one yet). */
export const depositOptionSchema = z.object({
  currency: z.string(),
  chain: chainField,
  address: z.nullable(z.string()),
  enabled: z.boolean(),
  /** Decimals the currency allows. */
  scale: z.int(),
  /**
   * True when the server watches this chain for the pair: the user sends to their own address
   * (`assets/deposit_address`) and the deposit is credited by confirmations, no claim; false or absent: claim flow.
   */
  watched: z.optional(z.boolean()),
})
export const depositOptionsSchema = z.object({ options: z.array(depositOptionSchema) })
export type DepositOption = z.infer<typeof depositOptionSchema>

/** GET assets/deposit_address: which watched pair (issue 23 part 5). */
export const depositAddressInput = z.object({ currency: currencyField, chain: chainField })

/**
 * The caller's own deposit address for a watched pair (a public contract, issue 23 part 5): the same on every visit;
 * a transfer below `min_amount` is not credited; credited at `confirmations_credit`, withdrawable at
 * `confirmations_withdraw`; `token_contract` is the ERC-20 contract (null for the chain's native coin).
 */
export const depositAddressSchema = z.object({
  address: z.string(),
  chain: chainField,
  currency: z.string(),
  min_amount: money,
  confirmations_credit: z.int(),
  confirmations_withdraw: z.int(),
  token_contract: z.nullable(z.string()),
})
export type DepositAddress = z.infer<typeof depositAddressSchema>

/** POST assets/deposit_claim (Idempotency-Key): what the user sent, for an operator to check on chain. */
export const depositClaimInput = z.object({
  currency: currencyField,
  chain: chainField,
  amount: amountField,
  /** The user's sending address. */
  from_address: z.pipe(
    z.string(),
    z.transform((s: string) => s.trim()),
  ),
  tx_hash: z.optional(
    z.pipe(
      oneLine(TX_HASH_MAX),
      z.transform((s: string) => s.trim()),
    ),
  ),
  /** Id of an image from `upload/image` (a screenshot of the transfer). */
  proof_image: z.optional(idSchema),
})
export type DepositClaimInput = z.input<typeof depositClaimInput>

/** A decision's result; a withdrawal the venue sends on chain is `sending` once approved. */
export const reviewAnswerSchema = z.object({ id: z.int(), status: z.enum(WITHDRAWAL_STATES) })

export const depositSchema = z.object({
  id: z.int(),
  currency: z.string(),
  chain: chainField,
  amount: money,
  from_address: z.string(),
  /** The platform address the claim was made against. */
  to_address: z.string(),
  tx_hash: z.nullable(z.string()),
  /** URL of the proof image for its owner (and operators), null without one. */
  proof_image_url: z.nullable(z.string()),
  /** `claim` or `chain` (DEPOSIT_SOURCES); a record of an older server is a claim. */
  source: z.optional(z.enum(DEPOSIT_SOURCES)),
  /** A chain deposit's confirmations (0 while pending); null for a claim. */
  confirmations: z.optional(z.nullable(z.int().check(z.minimum(0)))),
  /** A reversed chain deposit's amount the spot wallet could not give back: owed to the venue. */
  debt: z.optional(money),
  status: z.enum(DEPOSIT_STATES),
  reason: z.nullable(z.string()),
  created_at: dateField,
  reviewed_at: z.nullable(dateField),
})
export type Deposit = z.infer<typeof depositSchema>
export const depositListSchema = listOf(depositSchema)

// ---- transfers ----

/** POST assets/transfer (Idempotency-Key): instant, between two different wallets of the current book. */
export const transferInput = z.object({
  currency: currencyField,
  from: walletField,
  to: walletField,
  amount: amountField,
})
export type TransferInput = z.input<typeof transferInput>

export const transferSchema = z.object({
  id: z.int(),
  currency: z.string(),
  from: walletField,
  to: walletField,
  amount: money,
  created_at: dateField,
})
export type Transfer = z.infer<typeof transferSchema>
export const transferListSchema = listOf(transferSchema)

// ---- account change records ----

export const ledgerQuery = z.object({
  wallet: z.optional(walletField),
  type: z.optional(z.enum(LEDGER_KINDS)),
  page: pageField,
  limit: limitField,
})

/** One movement of one of the user's balances: a ledger entry on `available` or `frozen`. */
export const ledgerRecordSchema = z.object({
  /** Entry id (for ledger_detail). */
  id: z.int(),
  type: z.enum(LEDGER_KINDS),
  wallet: walletField,
  currency: z.string(),
  /** `available` or `frozen`. */
  bucket: z.enum(['available', 'frozen']),
  /** Signed change. */
  amount: money,
  /** The bucket's value after this change. */
  balance_after: money,
  created_at: dateField,
})
export type LedgerRecord = z.infer<typeof ledgerRecordSchema>
export const ledgerListSchema = listOf(ledgerRecordSchema)

/** GET assets/ledger_detail {id}: the entry, its transaction and the other entries of the user in it. */
export const ledgerDetailSchema = z.object({
  record: ledgerRecordSchema,
  transaction_id: z.int(),
  /** e.g. `withdrawal:12`, `transfer:3`. */
  reference: z.string(),
  /** The user's own entries of the same transaction (a transfer's two wallets, a request's two buckets). */
  entries: z.array(ledgerRecordSchema),
})
export type LedgerDetail = z.infer<typeof ledgerDetailSchema>

// ---- demo book ----

/** POST assets/demo_enter / demo_exit (Idempotency-Key): the book the session acts on from now on. */
export const bookAnswerSchema = z.object({ book: z.enum(BOOKS) })

// ---- operators ----

export const adminReviewQuery = z.object({
  status: z.optional(z.enum(REVIEW_STATES)),
  page: pageField,
  limit: limitField,
})

export const adminDepositSchema = z.extend(depositSchema, { user_id: z.int(), account: z.string() })
export const adminDepositListSchema = listOf(adminDepositSchema)
export const adminWithdrawalSchema = z.extend(withdrawalSchema, { user_id: z.int(), account: z.string() })
export const adminWithdrawListSchema = listOf(adminWithdrawalSchema)

/** POST admin/deposit_review and admin/withdraw_review: decided once; a reason is required to reject. */
export const adminReviewInput = z.object({
  id: idSchema,
  approve: z.boolean(),
  reason: z.optional(z.string().check(z.maxLength(REASON_MAX * 2))),
})

export const chainSchema = z.object({
  currency: z.string(),
  chain: chainField,
  deposit_address: z.nullable(z.string()),
  /** Smallest chain deposit the watcher credits (a transfer below it is recorded, never credited). */
  min_deposit: z.optional(money),
  min_withdraw: money,
  withdraw_fee: money,
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
})
export type ChainSettings = z.infer<typeof chainSchema>
export const chainListSchema = z.object({ list: z.array(chainSchema) })

/** POST admin/chain_save: creates or replaces one currency/chain pair; an empty address clears it. */
export const chainSaveInput = z.object({
  currency: currencyField,
  chain: chainField,
  deposit_address: z.nullable(z.string().check(z.maxLength(ADDRESS_MAX))),
  /** Omitted: unchanged (0 for a new pair). */
  min_deposit: z.optional(amountField),
  min_withdraw: amountField,
  withdraw_fee: amountField,
  deposit_enabled: z.boolean(),
  withdraw_enabled: z.boolean(),
})
export type ChainSaveInput = z.input<typeof chainSaveInput>

/**
 * GET admin/ledger_check: per book and currency Σ entries (must be 0), every account off its entries, and every user
 * account whose `frozen` is not the sum of what holds it (open spot orders, pending futures orders' margin + fee,
 * open positions' margin, open second contracts, yield principal, pending withdrawals: server/ledger/frozen-check.ts).
 */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  currencies: z.array(z.object({ book: z.enum(BOOKS), currency: z.string(), sum: money })),
  mismatches: z.array(
    z.object({
      account_id: z.int(),
      owner: z.string(),
      book: z.enum(BOOKS),
      wallet: walletField,
      currency: z.string(),
      available: money,
      frozen: money,
      entries_available: money,
      entries_frozen: money,
    }),
  ),
  frozen_mismatches: z.array(
    z.object({
      /** Null when something holds funds in an account that does not exist. */
      account_id: z.nullable(z.int()),
      owner: z.string(),
      book: z.enum(BOOKS),
      wallet: walletField,
      currency: z.string(),
      /** The account's frozen bucket. */
      frozen: money,
      /** Σ of its holders' holds: what `frozen` should be. */
      holds: money,
      /** `kind:id` of each holder (`spot_order:12`, `withdrawal:3`…), at most 20. */
      holders: z.array(z.string()),
    }),
  ),
  /**
   * How many frozen buckets were reconciled against their holders' holds: every user account of the ledger, plus
   * any (owner, book, wallet, currency) something holds funds in without an account.
   */
  frozen_buckets: z.int(),
})
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>
