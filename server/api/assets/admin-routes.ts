/** Operators' money calls: deposit and withdrawal review, chain settings, the ledger's invariants. */
import {
  adminDepositListSchema,
  adminReviewInput,
  adminReviewQuery,
  adminWithdrawListSchema,
  chainListSchema,
  chainSaveInput,
  chainSchema,
  ledgerCheckSchema,
  reviewAnswerSchema,
} from '../../../common/api/assets'
import { checkLedger } from '../../ledger/check'
import { chainSettings, listChains, saveChain } from '../../money/chains'
import { adminListDeposits, reviewDeposit } from '../../money/deposits'
import { adminListWithdrawals, reviewWithdrawal } from '../../money/withdrawals'
import { defineRoute } from '../route'

export const adminDepositListRoute = defineRoute({
  path: 'admin/deposit_list',
  summary: 'Deposit claims (optionally of one status), newest first, with their users',
  auth: 'operator',
  input: adminReviewQuery,
  data: adminDepositListSchema,
  handler: ({ deps, session, query }) => adminListDeposits(deps.db, query, session.sessionId),
})

export const adminDepositReviewRoute = defineRoute({
  method: 'POST',
  path: 'admin/deposit_review',
  summary: 'Approve (credit once) or reject (with a reason) a pending deposit claim',
  auth: 'operator',
  input: adminReviewInput,
  data: reviewAnswerSchema,
  handler: ({ deps, session, body, ip }) => reviewDeposit(deps, { ...body, reviewerId: session.userId, ip }),
})

export const adminWithdrawListRoute = defineRoute({
  path: 'admin/withdraw_list',
  summary: 'Withdrawals (optionally of one status), newest first, with their users',
  auth: 'operator',
  input: adminReviewQuery,
  data: adminWithdrawListSchema,
  handler: ({ deps, query }) => adminListWithdrawals(deps.db, query),
})

export const adminWithdrawReviewRoute = defineRoute({
  method: 'POST',
  path: 'admin/withdraw_review',
  summary: 'Approve (pay out, fee to the fee account) or reject (unfreeze, with a reason) a pending withdrawal',
  auth: 'operator',
  input: adminReviewInput,
  data: reviewAnswerSchema,
  handler: ({ deps, session, body, ip }) => reviewWithdrawal(deps, { ...body, reviewerId: session.userId, ip }),
})

export const adminChainListRoute = defineRoute({
  path: 'admin/chain_list',
  summary: 'Every currency/chain pair: deposit address, withdrawal minimum and fee, what is open',
  auth: 'operator',
  data: chainListSchema,
  handler: async ({ deps }) => ({ list: (await listChains(deps.db)).map(chainSettings) }),
})

export const adminChainSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/chain_save',
  summary: 'Create or replace a currency/chain pair (an empty address clears it)',
  auth: 'operator',
  input: chainSaveInput,
  data: chainSchema,
  handler: ({ deps, body }) => saveChain(deps.db, body),
})

export const adminLedgerCheckRoute = defineRoute({
  path: 'admin/ledger_check',
  summary: "The ledger's invariants: per book and currency Σ entries (0), and every account off its entries",
  auth: 'operator',
  data: ledgerCheckSchema,
  handler: ({ deps }) => checkLedger(deps.db),
})
