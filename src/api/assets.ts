/**
 * The money calls (common/api/assets): the overview, deposits, the coin-address book, withdrawals, transfers,
 * account change records and the demo book. Every call needs a session and acts on its current book. The calls that
 * move money send a fresh Idempotency-Key per call (one call = one user submission) and are sent again with the same
 * key when they got no answer, so a dropped connection never runs a withdrawal twice.
 */
import * as z from 'zod/mini'
import {
  addressListSchema,
  bookAnswerSchema,
  depositListSchema,
  depositAddressSchema,
  depositOptionsSchema,
  idAnswer,
  ledgerDetailSchema,
  ledgerListSchema,
  overviewSchema,
  reviewAnswerSchema,
  transferListSchema,
  withdrawAnswerSchema,
  withdrawListSchema,
  withdrawOptionsSchema,
  type AddressSaveInput,
  type Chain,
  type Book,
  type DepositClaimInput,
  type LedgerKind,
  type Overview,
  type TransferInput,
  type Wallet,
  type WithdrawInput,
} from '../../common/api/assets'
import { proofLatestSchema, proofMineSchema, type ProofLatest, type ProofMine } from '../../common/api/proof'
import { keyedPost } from './keyed-post'
import type { CallOptions, Caller } from './public'
import type { Params, Requester } from './request'
import { dailyIncomeSchema, type DailyIncome } from '../../common/api/income'
import { deviceTimeZone } from '../lib/time-zone'

export { MONEY_CALL_RETRIES } from './keyed-post'

/** A page of a record list: 1-based `page`, `limit` 1–50. */
export interface PageQuery {
  page?: number
  limit?: number
}

type Answer<S extends z.ZodMiniType> = z.infer<S>

export interface AssetsApi {
  /**
   * GET assets/overview: total, today's income (since 00:00 in this device's time zone) and the three wallets of the
   * current book, valued in USDT.
   */
  overview(opts?: CallOptions): Promise<Overview>
  /** GET assets/daily_income: today's income since 00:00 in this device's time zone, per wallet, with its parts. */
  dailyIncome(opts?: CallOptions): Promise<DailyIncome>
  /** GET assets/deposit_options: each currency/chain pair with the platform's address (null: not set yet). */
  depositOptions(opts?: CallOptions): Promise<Answer<typeof depositOptionsSchema>>
  /** GET assets/deposit_address: the user's own address for a watched pair (same on every visit), minimum, rule. */
  depositAddress(
    query: { currency: string; chain: Chain },
    opts?: CallOptions,
  ): Promise<Answer<typeof depositAddressSchema>>
  /** POST assets/deposit_claim (Idempotency-Key): the user says what they sent; an operator checks and credits. */
  depositClaim(input: DepositClaimInput, opts?: CallOptions): Promise<Answer<typeof reviewAnswerSchema>>
  /** GET assets/deposit_list: the user's deposit claims, newest first. */
  depositList(query: PageQuery, opts?: CallOptions): Promise<Answer<typeof depositListSchema>>
  /** GET assets/address_list: the user's saved withdrawal addresses. */
  addressList(opts?: CallOptions): Promise<Answer<typeof addressListSchema>>
  /** POST assets/address_save: saves a withdrawal address; resolves with its id. */
  addressSave(input: AddressSaveInput, opts?: CallOptions): Promise<{ id: number }>
  /** POST assets/address_delete. */
  addressDelete(id: number, opts?: CallOptions): Promise<void>
  /** GET assets/withdraw_options: per currency/chain the minimum, the fee, the decimals and the spot balance. */
  withdrawOptions(opts?: CallOptions): Promise<Answer<typeof withdrawOptionsSchema>>
  /** POST assets/withdraw (Idempotency-Key): freezes amount + fee until an operator pays out or refuses. */
  withdraw(input: WithdrawInput, opts?: CallOptions): Promise<Answer<typeof withdrawAnswerSchema>>
  /** GET assets/withdraw_list: the user's withdrawals, newest first. */
  withdrawList(query: PageQuery, opts?: CallOptions): Promise<Answer<typeof withdrawListSchema>>
  /** POST assets/transfer (Idempotency-Key): moves funds between two wallets at once. */
  transfer(input: TransferInput, opts?: CallOptions): Promise<{ id: number }>
  /** GET assets/transfer_list: the user's transfers, newest first. */
  transferList(query: PageQuery, opts?: CallOptions): Promise<Answer<typeof transferListSchema>>
  /** GET assets/ledger: account change records, optionally of one wallet and one kind. */
  ledger(
    query: PageQuery & { wallet?: Wallet; type?: LedgerKind },
    opts?: CallOptions,
  ): Promise<Answer<typeof ledgerListSchema>>
  /** GET assets/ledger_detail: one record with the other entries of its transaction. */
  ledgerDetail(id: number, opts?: CallOptions): Promise<Answer<typeof ledgerDetailSchema>>
  /** POST assets/demo_enter (Idempotency-Key): the session acts on the demo book from now on. */
  demoEnter(opts?: CallOptions): Promise<{ book: Book }>
  /** POST assets/demo_exit (Idempotency-Key): back to the live book. */
  demoExit(opts?: CallOptions): Promise<{ book: Book }>
  /** GET proof/latest: the newest proof of liabilities (null before the first). Public. */
  proofLatest(opts?: CallOptions): Promise<ProofLatest>
  /** GET proof/mine: the caller's leaf and path in the newest proof (null without a balance then). */
  proofMine(opts?: CallOptions): Promise<ProofMine>
}

const nothing = z.unknown()

/** Builds the money calls; the keyed POSTs go through `request` (headers and retries are not Caller options). */
export function createAssetsApi(call: Caller, request: Requester): AssetsApi {
  const p = (input: object) => input as Params
  const keyed = keyedPost(request)
  return {
    overview: (opts) => call.getAuth('assets/overview', overviewSchema, p({ tz: deviceTimeZone() }), opts),
    dailyIncome: (opts) => call.getAuth('assets/daily_income', dailyIncomeSchema, p({ tz: deviceTimeZone() }), opts),
    depositOptions: (opts) => call.getAuth('assets/deposit_options', depositOptionsSchema, undefined, opts),
    depositAddress: (query, opts) => call.getAuth('assets/deposit_address', depositAddressSchema, p(query), opts),
    depositClaim: (input, opts) => keyed('assets/deposit_claim', reviewAnswerSchema, p(input), opts),
    depositList: (query, opts) => call.getAuth('assets/deposit_list', depositListSchema, p(query), opts),
    addressList: (opts) => call.getAuth('assets/address_list', addressListSchema, undefined, opts),
    addressSave: (input, opts) => call.postAuth('assets/address_save', idAnswer, p(input), opts),
    addressDelete: async (id, opts) => void (await call.postAuth('assets/address_delete', nothing, { id }, opts)),
    withdrawOptions: (opts) => call.getAuth('assets/withdraw_options', withdrawOptionsSchema, undefined, opts),
    withdraw: (input, opts) => keyed('assets/withdraw', withdrawAnswerSchema, p(input), opts),
    withdrawList: (query, opts) => call.getAuth('assets/withdraw_list', withdrawListSchema, p(query), opts),
    transfer: (input, opts) => keyed('assets/transfer', idAnswer, p(input), opts),
    transferList: (query, opts) => call.getAuth('assets/transfer_list', transferListSchema, p(query), opts),
    ledger: (query, opts) => call.getAuth('assets/ledger', ledgerListSchema, p(query), opts),
    ledgerDetail: (id, opts) => call.getAuth('assets/ledger_detail', ledgerDetailSchema, { id }, opts),
    demoEnter: (opts) => keyed('assets/demo_enter', bookAnswerSchema, {}, opts),
    demoExit: (opts) => keyed('assets/demo_exit', bookAnswerSchema, {}, opts),
    proofLatest: (opts) => call.get('proof/latest', proofLatestSchema, undefined, opts),
    proofMine: (opts) => call.getAuth('proof/mine', proofMineSchema, undefined, opts),
  }
}
