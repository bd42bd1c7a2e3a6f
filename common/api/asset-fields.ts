/**
 * The vocabulary and field schemas the money calls share (common/api/assets.ts, withdrawals.ts): wallets, chains,
 * ledger kinds, length limits, and the amount, currency, chain, wallet, one-line text, page and list schemas.
 */
import * as z from 'zod/mini'
import { LEDGER_SCALE } from '../amount/currency-scale'
import { MAX_INTEGER_DIGITS } from '../amount/decimal-string'
import { decimalString } from '../amount/schema'
import { NO_NUL } from './ids'

// ---- vocabulary ----

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
export const currencyField = z.pipe(
  z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)),
  z.transform((s: string) => s.toUpperCase()),
)
export const chainField = z.enum(CHAINS)
export const walletField = z.enum(WALLETS)
// eslint-disable-next-line no-control-regex -- deliberate: control characters are what this refuses
export const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/
export const oneLine = (max: number) => z.string().check(z.maxLength(max), z.regex(ONE_LINE), z.regex(NO_NUL))
export const pageField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1)
export const limitField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20)
export const dateField = z.string()
/** A decimal string as the server writes it (canonical: no exponent, no trailing zeros). */
export const money = z.string()

/** A page of `item`s as every list call answers it. */
export function listOf<T extends z.core.$ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.int(), page: z.int(), limit: z.int() })
}

/** A 1-based page of 1–50 rows (default 20). */
export const pageQuery = z.object({ page: pageField, limit: limitField })
