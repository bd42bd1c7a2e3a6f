/**
 * The user's money calls (issue 10). Each acts on the session's book; the ones that move money (or, for a deposit
 * claim, record one) take the Idempotency-Key header (`idempotent: true`).
 */
import {
  addressListSchema,
  addressSaveInput,
  bookAnswerSchema,
  depositAddressInput,
  depositAddressSchema,
  depositClaimInput,
  depositListSchema,
  depositOptionsSchema,
  idAnswer,
  idInput,
  idQuery,
  ledgerDetailSchema,
  ledgerListSchema,
  ledgerQuery,
  overviewSchema,
  pageQuery,
  reviewAnswerSchema,
  transferInput,
  transferListSchema,
  withdrawAnswerSchema,
  withdrawInput,
  withdrawListSchema,
  withdrawOptionsSchema,
} from '../../../common/api/assets'
import { knownCurrency } from '../../money/amounts'
import { deleteAddress, listAddresses, saveAddress } from '../../money/addresses'
import { switchBook } from '../../money/demo'
import { claimDeposit, depositOptions, listDeposits } from '../../money/deposits'
import { depositAddress } from '../../custody/evm-custody'
import { assetsOverview } from '../../money/overview'
import { dailyIncome } from '../../money/daily-income'
import { dailyIncomeQuery, dailyIncomeSchema } from '../../../common/api/income'
import { listRecords, recordDetail } from '../../money/records'
import { listTransfers, transfer } from '../../money/transfers'
import { listWithdrawals, requestWithdrawal, withdrawOptions } from '../../money/withdrawals'
import { rejected } from '../../domain/errors'
import { defineRoute } from '../route'

export const overviewRoute = defineRoute({
  path: 'assets/overview',
  summary:
    "The session's book per wallet and currency, valued in USDT at the feed's latest prices (with their source), and today's income since 00:00 in `tz` (default UTC)",
  auth: 'user',
  input: dailyIncomeQuery,
  data: overviewSchema,
  handler: ({ deps, session, query }) => assetsOverview(deps.db, deps.market, session.userId, session.book, query.tz),
})

export const dailyIncomeRoute = defineRoute({
  path: 'assets/daily_income',
  summary:
    "Today's income of the session's book since 00:00 in `tz` (IANA, default UTC), per wallet and in all, with its parts (issue 24 part 4)",
  auth: 'user',
  input: dailyIncomeQuery,
  data: dailyIncomeSchema,
  handler: ({ deps, session, query }) => dailyIncome(deps.db, deps.market, session.userId, session.book, query.tz),
})

export const depositOptionsRoute = defineRoute({
  path: 'assets/deposit_options',
  summary: 'Currencies and chains open for deposits, with the platform address of each (null = not set yet)',
  auth: 'user',
  data: depositOptionsSchema,
  handler: async ({ deps }) => ({ options: await depositOptions(deps.db, deps.custody) }),
})

export const depositAddressRoute = defineRoute({
  path: 'assets/deposit_address',
  summary:
    "The caller's own deposit address for a watched pair (the same on every visit), its minimum and confirmation rule",
  auth: 'user',
  input: depositAddressInput,
  data: depositAddressSchema,
  handler: ({ deps, session, query }) => {
    if (session.book !== 'live') throw rejected('demoNoFunding')
    return depositAddress(deps.db, deps.custody, session.userId, query.currency, query.chain)
  },
})

export const depositClaimRoute = defineRoute({
  method: 'POST',
  path: 'assets/deposit_claim',
  summary: 'Claim a deposit sent to the platform address (amount, sending address, tx hash, proof image) for review',
  auth: 'user',
  idempotent: true,
  input: depositClaimInput,
  data: reviewAnswerSchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    claimDeposit(deps, { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const depositListRoute = defineRoute({
  path: 'assets/deposit_list',
  summary:
    "The caller's deposits, newest first: claims with status and rejection reason, chain deposits with tx hash and confirmations",
  auth: 'user',
  input: pageQuery,
  data: depositListSchema,
  handler: ({ deps, session, query }) => listDeposits(deps.db, session.userId, session.sessionId, query),
})

export const addressListRoute = defineRoute({
  path: 'assets/address_list',
  summary: "The caller's coin-address book",
  auth: 'user',
  data: addressListSchema,
  handler: async ({ deps, session }) => ({ list: await listAddresses(deps.db, session.userId) }),
})

export const addressSaveRoute = defineRoute({
  method: 'POST',
  path: 'assets/address_save',
  summary: 'Save a withdrawal address for a currency and chain (checked for the chain), with an optional label',
  auth: 'user',
  input: addressSaveInput,
  data: idAnswer,
  handler: ({ deps, session, body }) =>
    saveAddress(deps.db, session.userId, { ...body, currency: knownCurrency(body.currency) }),
})

export const addressDeleteRoute = defineRoute({
  method: 'POST',
  path: 'assets/address_delete',
  summary: 'Delete one of the caller’s saved addresses',
  auth: 'user',
  input: idInput,
  data: idAnswer,
  handler: ({ deps, session, body }) => deleteAddress(deps.db, session.userId, body.id),
})

export const withdrawOptionsRoute = defineRoute({
  path: 'assets/withdraw_options',
  summary: 'Currencies and chains open for withdrawals: minimum, fee, and the spot wallet’s available balance',
  auth: 'user',
  data: withdrawOptionsSchema,
  handler: async ({ deps, session }) => ({ options: await withdrawOptions(deps.db, session.userId, session.book) }),
})

export const withdrawRoute = defineRoute({
  method: 'POST',
  path: 'assets/withdraw',
  summary: 'Request a withdrawal to a saved address with the transaction password; freezes amount + fee for review',
  auth: 'user',
  idempotent: true,
  input: withdrawInput,
  data: withdrawAnswerSchema,
  handler: ({ deps, session, body, idempotencyKey, ip, locale }) =>
    requestWithdrawal(deps, { userId: session.userId, book: session.book, key: idempotencyKey, ip, locale }, body),
})

export const withdrawListRoute = defineRoute({
  path: 'assets/withdraw_list',
  summary: "The caller's withdrawals, newest first, with status and rejection reason",
  auth: 'user',
  input: pageQuery,
  data: withdrawListSchema,
  handler: ({ deps, session, query }) => listWithdrawals(deps.db, session.userId, query),
})

export const transferRoute = defineRoute({
  method: 'POST',
  path: 'assets/transfer',
  summary: 'Move funds between the spot, contract and option wallets of the session’s book, instantly',
  auth: 'user',
  idempotent: true,
  input: transferInput,
  data: idAnswer,
  handler: ({ deps, session, body, idempotencyKey }) =>
    transfer(deps, { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const transferListRoute = defineRoute({
  path: 'assets/transfer_list',
  summary: "The caller's transfers in the session's book, newest first",
  auth: 'user',
  input: pageQuery,
  data: transferListSchema,
  handler: ({ deps, session, query }) => listTransfers(deps.db, session.userId, session.book, query),
})

export const ledgerRoute = defineRoute({
  path: 'assets/ledger',
  summary: 'Account change records: every movement of the caller’s balances in the session’s book, filterable',
  auth: 'user',
  input: ledgerQuery,
  data: ledgerListSchema,
  handler: ({ deps, session, query }) => listRecords(deps.db, session.userId, session.book, query),
})

export const ledgerDetailRoute = defineRoute({
  path: 'assets/ledger_detail',
  summary: 'One account change record with its transaction and the caller’s other entries in it',
  auth: 'user',
  input: idQuery,
  data: ledgerDetailSchema,
  handler: ({ deps, session, query }) => recordDetail(deps.db, session.userId, query.id),
})

export const demoEnterRoute = defineRoute({
  method: 'POST',
  path: 'assets/demo_enter',
  summary: 'Switch the session to the demo book (virtual funds, credited once on first entry)',
  auth: 'user',
  idempotent: true,
  data: bookAnswerSchema,
  handler: ({ deps, session, idempotencyKey }) =>
    switchBook(deps, { userId: session.userId, sessionId: session.sessionId, key: idempotencyKey }, 'demo'),
})

export const demoExitRoute = defineRoute({
  method: 'POST',
  path: 'assets/demo_exit',
  summary: 'Switch the session back to the live book',
  auth: 'user',
  idempotent: true,
  data: bookAnswerSchema,
  handler: ({ deps, session, idempotencyKey }) =>
    switchBook(deps, { userId: session.userId, sessionId: session.sessionId, key: idempotencyKey }, 'live'),
})
