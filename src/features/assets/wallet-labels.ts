/** What each wallet is called (spec §2 Assets): coin = spot, contract/future = contract, trading/options = option. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Wallet } from '../../../common/api/assets'

/** Long names, for cards, pickers and records. */
export const WALLET_LABELS: Record<Wallet, MessageDescriptor> = {
  spot: msg({ id: 'assets.wallet.spot', message: 'Coin account' }),
  contract: msg({ id: 'assets.wallet.contract', message: 'Contract account' }),
  option: msg({ id: 'assets.wallet.option', message: 'Options account' }),
}
