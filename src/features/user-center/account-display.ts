/** How the user center names an account: its e-mail, `+<area> <phone>` or a shortened wallet address. */
import type { UserInfo } from '../../../common/api/account'

/** What kind of sign-in the shown name is; picks the icon next to it. */
export type AccountKind = 'email' | 'phone' | 'wallet'

/** The shown account name and its kind. */
export interface AccountDisplay {
  kind: AccountKind
  text: string
}

/**
 * A 0x address shortened to its first 6 and last 4 characters (`0x12ab…9f3c`), the way wallets show it; shorter
 * strings are returned unchanged.
 */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/**
 * The name of the account: the e-mail when there is one (a wallet account that added an e-mail shows it too), else
 * the phone with its calling code, else the short wallet address, else the server's display name.
 */
export function accountDisplay(
  user: Pick<UserInfo, 'account' | 'email' | 'area_code' | 'phone' | 'wallet_address'>,
): AccountDisplay {
  if (user.email) return { kind: 'email', text: user.email }
  if (user.phone) return { kind: 'phone', text: user.area_code ? `+${user.area_code} ${user.phone}` : user.phone }
  if (user.wallet_address) return { kind: 'wallet', text: shortAddress(user.wallet_address) }
  return { kind: 'email', text: user.account }
}
