/**
 * Moving funds (spec §2): deposit (address, notes, claim) and its records, withdrawal (address book, fee, arrival,
 * transaction password) and its records, transfers between wallets, account change records; the demo book's closed
 * note.
 */
export { DemoClosed } from './DemoClosed'
export { DepositAddress } from './DepositAddress'
export { DepositClaimForm } from './DepositClaimForm'
export { DepositNotes } from './DepositNotes'
export { DepositRow } from './DepositRow'
export { LoadRetry } from './LoadRetry'
export { PairPicker } from './PairPicker'
export { RecordList } from './RecordList'
export { RecordFacts } from './RecordFacts'
export { RecordsLink } from './RecordsLink'
export { ReviewStateTag } from './ReviewStateTag'
export { TransferForm } from './TransferForm'
export { usableIn } from './transfer-balances'
export { TransferRow } from './TransferRow'
export { WithdrawForm } from './WithdrawForm'
export { WithdrawRow } from './WithdrawRow'
export { PAGE_SIZE, usePagedList, type KeptFirstPage, type Page, type PagedList } from './use-paged-list'
export { LEDGER_KIND_LABELS, REVIEW_STATE_LABELS } from './labels'
export { amountProblemText } from './amount-problems'
export { allOf, checkAmount, frozenTotal, normalizeAmount, readAmount, type AmountProblem } from './amount-check'
export { LedgerDetailSheet } from './LedgerDetailSheet'
export { LedgerFilters, type LedgerFilter } from './LedgerFilters'
export { LedgerRow } from './LedgerRow'
export { ProofReport } from './ProofReport'
