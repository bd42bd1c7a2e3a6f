/**
 * The states of deposit and withdrawal records (common/api/assets.ts re-exports them): a claim's or a withdrawal's
 * review, a chain deposit's confirmations (issue 23 part 2) and a withdrawal sent on chain (part 3).
 */
/** Review states of a deposit claim or a withdrawal (spec §4: pending review, passed, rejected). */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const
export type ReviewState = (typeof REVIEW_STATES)[number]

/**
 * States of a deposit the chain watcher found on the user's own address (issue 23): `pending` (seen, 0
 * confirmations), `credited` (1 confirmation: in the spot wallet, usable for trading, not for withdrawal),
 * `withdrawable` (6 confirmations), `reversed` (its block left the chain: the credit was taken back).
 */
export const CHAIN_DEPOSIT_STATES = ['pending', 'credited', 'withdrawable', 'reversed'] as const
export type ChainDepositState = (typeof CHAIN_DEPOSIT_STATES)[number]
/** Every state a deposit record can be in: a claim's review states and a chain deposit's. */
export const DEPOSIT_STATES = ['pending', 'approved', 'rejected', 'credited', 'withdrawable', 'reversed'] as const
export type DepositState = (typeof DEPOSIT_STATES)[number]
/** How a deposit came: `claim` (the user's claim, reviewed by an operator) or `chain` (seen by the chain watcher). */
export const DEPOSIT_SOURCES = ['claim', 'chain'] as const
export type DepositSource = (typeof DEPOSIT_SOURCES)[number]
/**
 * Every state a withdrawal can be in: the review states, and for a pair the venue sends on chain itself (issue 23
 * part 3) `sending` (approved: queued for the signer, then sent and confirming), `paid` (its transaction has 6
 * confirmations: `tx_hash` names it) or `failed` (its transaction failed on chain: the frozen amount and fee were
 * returned to the spot wallet).
 */
export const WITHDRAWAL_STATES = ['pending', 'approved', 'rejected', 'sending', 'paid', 'failed'] as const
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number]
/**
 * Why a withdrawal is held for an operator (issue 24 part 7; Binance and Coinbase hold withdrawals to new addresses):
 * its address was saved less than WITHDRAW_HOLD_HOURS before the request (`new_address`), or a login or transaction
 * password was changed, set or reset, or two-factor authentication turned on or off, within them (`security_change`).
 */
export const WITHDRAW_HOLD_REASONS = ['new_address', 'security_change'] as const
export type WithdrawHoldReason = (typeof WITHDRAW_HOLD_REASONS)[number]
/** How long a new address or a password change holds withdrawals, hours. */
export const WITHDRAW_HOLD_HOURS = 24
/** Confirmations at which a chain deposit is credited, and at which it becomes withdrawable (spec §9). */
export const CONFIRMATIONS_CREDIT = 1
export const CONFIRMATIONS_WITHDRAW = 6
