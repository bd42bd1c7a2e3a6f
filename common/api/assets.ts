/**
 * The money calls (issue 10): assets overview, deposits, the coin-address book, withdrawals, transfers between
 * wallets, account change records, the demo book, and their operator calls. Amounts are decimal strings on the wire
 * (common/amount), never JSON numbers; dates are `YYYY-MM-DD HH:mm:ss` UTC like every date on the wire. Every call
 * acts on the session's current book (`live` or `demo`, see `user/info.book`).
 *
 * Amount fields accept any plain decimal text here; the server then checks sign, the currency's decimals, minimum and
 * balance and names the field in a translated message (a schema pattern could only say "invalid string").
 */
import {
  DEPOSIT_SOURCES,
  DEPOSIT_STATES,
  REVIEW_STATES,
  WITHDRAW_HOLD_REASONS,
  WITHDRAWAL_STATES,
} from './record-states'
import * as z from 'zod/mini'
import { LEDGER_SCALE } from '../amount/currency-scale'
import { MAX_INTEGER_DIGITS } from '../amount/decimal-string'
import { decimalString } from '../amount/schema'
import { idSchema, NO_NUL, queryIdSchema } from './ids'
import { BOOKS } from './user-info'
import { secondFactorField } from './two-factor'

// ---- vocabulary ----

export { BOOKS, type Book } from './user-info'

/** Wallets of a book (spec §2 Assets): coin = spot, contract/future = contract, trading/options = option. */
export const WALLETS = ['spot', 'contract', 'option'] as const
export type Wallet = (typeof WALLETS)[number]

/**
 * Chains deposits and withdrawals go over, and the address format each one takes:
 * TRC20 = TRON (base58check, version 0x41, "T…"), ERC20/ETH = Ethereum (EIP-55 hex), BTC = Bitcoin (base58check P2PKH
 * or P2SH, bech32/bech32m segwit).
 */
export const CHAINS = ['TRC20', 'ERC20', 'ETH', 'BTC'] as const
export type Chain = (typeof CHAINS)[number]

export * from './record-states'

/**
 * Kinds of ledger transactions, i.e. of account change records: a deposit credited (`deposit`), a chain deposit's
 * credit taken back after its block left the chain, or a debt it left taken from a later deposit (`deposit_reverse`), a withdrawal requested (amount +
 * fee frozen), approved or paid on chain (paid out, fee charged), rejected (unfrozen) or failed on chain (unfrozen:
 * `withdraw_fail`), a transfer between wallets, the demo book's
 * virtual funds credited or set by an operator; a spot order's funds frozen, a fill, and what an order still held
 * given back when it is cancelled or done; a second contract's stake frozen (and fee paid), and its settlement; a
 * perpetual's funding payment paid or received at a funding time (`contract_funding`).
 */
export const LEDGER_KINDS = [
  'deposit',
  'deposit_reverse',
  'withdraw_request',
  'withdraw_approve',
  'withdraw_reject',
  'withdraw_fail',
  'transfer',
  'demo_fund',
  'demo_adjust',
  'spot_order',
  'spot_fill',
  'spot_release',
  'micro_order',
  'micro_settle',
  'contract_order',
  'contract_open',
  'contract_cancel',
  'contract_close',
  'contract_liquidation',
  'contract_funding',
  'financial_buy',
  'financial_income',
  'financial_redeem',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** Header every user call that moves money carries: 1–64 visible ASCII characters chosen by the client (a UUID). */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,64}$/

/** Longest address, label, transaction hash and rejection reason accepted. */
export const ADDRESS_MAX = 128
export const LABEL_MAX = 32
export const TX_HASH_MAX = 128
export const REASON_MAX = 200

// ---- field schemas ----

/**
 * Any plain decimal text ("-1", "0.1234567") the amount columns hold exactly: at most LEDGER_SCALE (18) decimals and
 * MAX_INTEGER_DIGITS (20) integer digits, so no value the schema accepts can fail or be rounded by a NUMERIC(38,18)
 * column. Sign, the currency's own scale and the upper bound (MAX_CLAIM_UNITS) are the server's business rules.
 */
export const amountField = decimalString({ maxScale: LEDGER_SCALE, maxIntegerDigits: MAX_INTEGER_DIGITS })
/** A currency code as typed ("usdt" is read as "USDT"); unknown codes are refused by the server by name. */
const currencyField = z.pipe(
  z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)),
  z.transform((s: string) => s.toUpperCase()),
)
const chainField = z.enum(CHAINS)
const walletField = z.enum(WALLETS)
// eslint-disable-next-line no-control-regex -- deliberate: control characters are what this refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/
const oneLine = (max: number) => z.string().check(z.maxLength(max), z.regex(ONE_LINE), z.regex(NO_NUL))
const pageField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1)
const limitField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20)
const dateField = z.string()
/** A decimal string as the server writes it (canonical: no exponent, no trailing zeros). */
const money = z.string()

function listOf<T extends z.core.$ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.int(), page: z.int(), limit: z.int() })
}

/** A 1-based page of 1–50 rows (default 20). */
export const pageQuery = z.object({ page: pageField, limit: limitField })

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

// ---- coin-address book ----

export const addressSchema = z.object({
  id: z.int(),
  currency: z.string(),
  chain: chainField,
  address: z.string(),
  label: z.string(),
  created_at: dateField,
})
export type SavedAddress = z.infer<typeof addressSchema>
export const addressListSchema = z.object({ list: z.array(addressSchema) })

export const addressSaveInput = z.object({
  currency: currencyField,
  chain: chainField,
  address: z.pipe(
    z.string(),
    z.transform((s: string) => s.trim()),
  ),
  label: z.optional(
    z.pipe(
      oneLine(LABEL_MAX),
      z.transform((s: string) => s.trim()),
    ),
  ),
})
export type AddressSaveInput = z.input<typeof addressSaveInput>
export const idInput = z.object({ id: idSchema })
export const idQuery = z.object({ id: queryIdSchema })
export const idAnswer = z.object({ id: z.int() })

// ---- withdrawals ----

export const withdrawOptionSchema = z.object({
  currency: z.string(),
  chain: chainField,
  enabled: z.boolean(),
  min_withdraw: money,
  withdraw_fee: money,
  scale: z.int(),
  /** The spot wallet's available balance of `currency` in the current book (0 while `locked`). */
  available: money,
  /**
   * Why nothing may be withdrawn now (server/money/withdraw-lock.ts), or null: `confirming` = a chain deposit of
   * `currency` is credited but short of 6 confirmations; `debt` = a reversed deposit of `currency` still owes `amount`.
   */
  locked: z.nullable(
    z.union([
      z.object({ reason: z.literal('confirming'), currency: z.string() }),
      z.object({ reason: z.literal('debt'), currency: z.string(), amount: money }),
    ]),
  ),
})
export const withdrawOptionsSchema = z.object({ options: z.array(withdrawOptionSchema) })
export type WithdrawOption = z.infer<typeof withdrawOptionSchema>

/** POST assets/withdraw (Idempotency-Key): pays `amount` out of the spot wallet to a saved address, fee on top. */
export const withdrawInput = z.object({
  currency: currencyField,
  chain: chainField,
  address_id: idSchema,
  amount: amountField,
  pay_password: z.string().check(z.maxLength(128)),
  /** The authenticator's current code, required once two-factor authentication is on (a recovery code is not taken). */
  totp_code: z.optional(secondFactorField),
})
export type WithdrawInput = z.input<typeof withdrawInput>

/**
 * A withdrawal's security hold: why, and until when (UTC text and epoch ms) it is not sent by the daily automatic
 * limit (an operator may decide it before; after, it is treated as a new request). Null when not held, or no longer.
 */
export const withdrawHoldSchema = z.nullable(
  z.object({ reason: z.enum(WITHDRAW_HOLD_REASONS), until: dateField, until_ts: z.int() }),
)
export type WithdrawHold = z.infer<typeof withdrawHoldSchema>

export const withdrawAnswerSchema = z.object({
  id: z.int(),
  /** `pending` (for review), or `sending` when within the daily limit the operator set for automatic approval. */
  status: z.enum(WITHDRAWAL_STATES),
  fee: money,
  /** What reaches the address: the amount asked for (the fee is frozen on top of it). */
  arrival_amount: money,
  /** The security hold, if any (then `status` is `pending`). */
  hold: z.optional(withdrawHoldSchema),
})

export const withdrawalSchema = z.object({
  id: z.int(),
  currency: z.string(),
  chain: chainField,
  address: z.string(),
  amount: money,
  fee: money,
  arrival_amount: money,
  status: z.enum(WITHDRAWAL_STATES),
  reason: z.nullable(z.string()),
  /** The transaction that pays it, once sent on chain (the latest when it was replaced); null before and by hand. */
  tx_hash: z.nullable(z.string()),
  /** Its confirmations while `sending` once mined; null otherwise. */
  confirmations: z.nullable(z.int()),
  created_at: dateField,
  reviewed_at: z.nullable(dateField),
  /** The security hold while it is pending (issue 24 part 7); null otherwise. */
  hold: z.optional(withdrawHoldSchema),
})
export type Withdrawal = z.infer<typeof withdrawalSchema>
export const withdrawListSchema = listOf(withdrawalSchema)

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
