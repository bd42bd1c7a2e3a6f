/**
 * How today's income (./daily-income.ts) reads each ledger kind (common/api/assets.ts LEDGER_KINDS): which kinds
 * move money in or out (not income), which part of income the others' entries are, and which wallet a kind's fee
 * belongs to.
 */
import type { LedgerKind, Wallet } from '../../common/api/assets'
import type { IncomePart } from '../../common/api/income'

/** Kinds that move money in or out of a wallet: deposits and their reversals, withdrawals, transfers, demo funds. */
export const TRANSFER_KINDS: ReadonlySet<LedgerKind> = new Set<LedgerKind>([
  'deposit',
  'deposit_reverse',
  'withdraw_request',
  'withdraw_approve',
  'withdraw_reject',
  'withdraw_fail',
  'transfer',
  'demo_fund',
  'demo_adjust',
])

/** The part each other kind's entries go to (holds and releases net to zero; a fee they carry goes to `fees`). */
export function partOf(kind: LedgerKind, wallet: Wallet): IncomePart {
  switch (kind) {
    case 'spot_fill':
      return 'trading'
    case 'contract_close':
    case 'contract_liquidation':
      return 'realized_pnl'
    case 'contract_funding':
      return 'funding'
    case 'micro_order':
    case 'micro_settle':
      return 'options'
    case 'financial_income':
      return 'yield'
    default:
      return wallet === 'contract' ? 'realized_pnl' : wallet === 'option' ? 'options' : 'trading'
  }
}

/** The wallet whose activity a kind's fee belongs to. */
export function feeWallet(kind: LedgerKind): Wallet {
  if (kind.startsWith('contract_')) return 'contract'
  if (kind.startsWith('micro_')) return 'option'
  return 'spot'
}
