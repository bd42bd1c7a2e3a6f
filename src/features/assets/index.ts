/**
 * Assets (spec §2): the overview of the book with its wallets, kept for offline use and read again on the user
 * stream's balance events; labels (amounts on screen: lib/format.ts).
 */
export { AssetsLoginPrompt } from './AssetsLoginPrompt'
export { BalanceRow } from './BalanceRow'
export { OverviewCard } from './OverviewCard'
export { OverviewAge } from './OverviewAge'
export { Shortcuts } from './Shortcuts'
export { WalletCard } from './WalletCard'
export { loadOverview, type OverviewData } from './load-overview'
export { overviewOwner } from './overview-owner'
export { savedOverviews, type OverviewOwner, type OverviewStore, type SavedOverview } from './saved-overview'
export { WALLET_LABELS } from './wallet-labels'
export { useWalletAvailable, type WalletAvailable } from './use-wallet-available'
export { concernsOverview, concernsWallet } from './stream-events'
