/** Names of the review states (spec §4: pending review, passed, rejected) and of the account change record kinds. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ChainDepositState, LedgerKind, ReviewState, WithdrawalState } from '../../../common/api/assets'

export const REVIEW_STATE_LABELS: Record<ReviewState, MessageDescriptor> = {
  pending: msg({ id: 'funds.state.pending', message: 'Pending review' }),
  approved: msg({ id: 'funds.state.approved', message: 'Approved' }),
  rejected: msg({ id: 'funds.state.rejected', message: 'Rejected' }),
}

/** Names of a withdrawal's states: the review states, then on chain (issue 23) sending, paid, failed. */
export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, MessageDescriptor> = {
  ...REVIEW_STATE_LABELS,
  sending: msg({ id: 'funds.withdrawState.sending', message: 'Sending' }),
  paid: msg({ id: 'funds.withdrawState.paid', message: 'Completed' }),
  failed: msg({ id: 'funds.withdrawState.failed', message: 'Failed, refunded' }),
}

/** Names of a chain deposit's states (issue 23): seen, credited at 1 confirmation, withdrawable at 6, reversed. */
export const CHAIN_DEPOSIT_STATE_LABELS: Record<ChainDepositState, MessageDescriptor> = {
  pending: msg({ id: 'funds.chainState.pending', message: 'Confirming' }),
  credited: msg({ id: 'funds.chainState.credited', message: 'Credited' }),
  withdrawable: msg({ id: 'funds.chainState.withdrawable', message: 'Completed' }),
  reversed: msg({ id: 'funds.chainState.reversed', message: 'Reversed' }),
}

/** One label per LEDGER_KINDS entry, as the records list and its filter show them. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, MessageDescriptor> = {
  deposit: msg({ id: 'funds.kind.deposit', message: 'Deposit' }),
  deposit_reverse: msg({ id: 'funds.kind.depositReverse', message: 'Deposit reversed (block left the chain)' }),
  withdraw_request: msg({ id: 'funds.kind.withdrawRequest', message: 'Withdrawal requested' }),
  withdraw_approve: msg({ id: 'funds.kind.withdrawApprove', message: 'Withdrawal paid out' }),
  withdraw_reject: msg({ id: 'funds.kind.withdrawReject', message: 'Withdrawal rejected' }),
  withdraw_fail: msg({ id: 'funds.kind.withdrawFail', message: 'Withdrawal failed on chain (refunded)' }),
  transfer: msg({ id: 'funds.kind.transfer', message: 'Transfer' }),
  demo_fund: msg({ id: 'funds.kind.demoFund', message: 'Demo funds' }),
  demo_adjust: msg({ id: 'funds.kind.demoAdjust', message: 'Demo balance adjusted' }),
  spot_order: msg({ id: 'funds.kind.spotOrder', message: 'Spot order placed' }),
  spot_fill: msg({ id: 'funds.kind.spotFill', message: 'Spot trade' }),
  spot_release: msg({ id: 'funds.kind.spotRelease', message: 'Spot order funds released' }),
  micro_order: msg({ id: 'funds.kind.microOrder', message: 'Options order placed' }),
  micro_settle: msg({ id: 'funds.kind.microSettle', message: 'Options order settled' }),
  contract_order: msg({ id: 'funds.kind.contractOrder', message: 'Futures order placed' }),
  contract_open: msg({ id: 'funds.kind.contractOpen', message: 'Futures position opened' }),
  contract_cancel: msg({ id: 'funds.kind.contractCancel', message: 'Futures order cancelled' }),
  contract_close: msg({ id: 'funds.kind.contractClose', message: 'Futures position closed' }),
  contract_liquidation: msg({ id: 'funds.kind.contractLiquidation', message: 'Futures position liquidated' }),
  contract_funding: msg({ id: 'funds.kind.contractFunding', message: 'Futures funding fee' }),
  financial_buy: msg({ id: 'funds.kind.financialBuy', message: 'Wealth product subscribed' }),
  financial_income: msg({ id: 'funds.kind.financialIncome', message: 'Wealth product income' }),
  financial_redeem: msg({ id: 'funds.kind.financialRedeem', message: 'Wealth product redeemed' }),
}
