/**
 * Sign-In with Ethereum (EIP-4361) through the browser's injected wallet (EIP-1193 `window.ethereum`): ask for the
 * account and chain, have the server build the message with a fresh nonce, have the wallet sign it with
 * `personal_sign` (EIP-191), and let the server verify it and open the session.
 */
import type { SessionAnswer } from '../../../common/api/account'
import { describeFailure } from '../../api/problem'
import type { Api } from '../../api'

/** The EIP-1193 provider surface used here. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>
}

/** Why a wallet sign-in stopped on the wallet's side (server refusals arrive as ApiError instead). */
export type WalletProblem = 'no-wallet' | 'rejected' | 'pending' | 'no-account' | 'bad-answer'

/** A wallet sign-in that stopped on the wallet's side. */
export class WalletError extends Error {
  constructor(
    readonly problem: WalletProblem,
    detail?: string,
  ) {
    super(detail ?? problem)
    this.name = 'WalletError'
  }
}

/** The injected provider of this page, or undefined when the browser has no wallet. */
export function injectedProvider(win: unknown = globalThis): Eip1193Provider | undefined {
  const eth = (win as { ethereum?: unknown } | undefined)?.ethereum as Partial<Eip1193Provider> | undefined
  return eth && typeof eth.request === 'function' ? (eth as Eip1193Provider) : undefined
}

/** `0x`-prefixed hex of the UTF-8 bytes of `text`: how `personal_sign` takes a message. */
export function utf8ToHex(text: string): string {
  let hex = '0x'
  for (const b of new TextEncoder().encode(text)) hex += b.toString(16).padStart(2, '0')
  return hex
}

/** The chain id of an `eth_chainId` answer (a hex quantity such as "0x1"); throws WalletError on anything else. */
export function parseChainId(answer: unknown): number {
  const n = typeof answer === 'string' && /^0x[0-9a-f]+$/i.test(answer) ? parseInt(answer, 16) : NaN
  if (!Number.isSafeInteger(n) || n < 1) throw new WalletError('bad-answer', `eth_chainId answered ${String(answer)}`)
  return n
}

/**
 * EIP-1193 error code 4001 ("User Rejected Request") becomes `rejected`, -32002 ("request already pending",
 * MetaMask) `pending`; anything else is returned unchanged.
 */
export function walletErrorOf(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code ?? (err as { error?: { code?: unknown } } | null)?.error?.code
  if (code === 4001) return new WalletError('rejected')
  if (code === -32002) return new WalletError('pending')
  return err
}

async function ask(provider: Eip1193Provider, method: string, params?: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request(params ? { method, params } : { method })
  } catch (err) {
    throw walletErrorOf(err)
  }
}

/**
 * Signs in (or, the first time, signs up) with the wallet. Rejects with WalletError for the wallet's side and with
 * the API's ApiError for the server's (already shown to the user unless `silent`).
 * @param inviteCode used only when the wallet has no account yet
 * @param askCode asked for the authenticator's code when the account has two-factor authentication (the server names
 *   `totp_code`; the signed message is sent again with it, its nonce kept until then); null = the user gave up
 */
export async function signInWithWallet(
  provider: Eip1193Provider | undefined,
  api: Pick<Api, 'siweNonce' | 'siweLogin'>,
  inviteCode = '',
  askCode?: () => Promise<string | null>,
): Promise<SessionAnswer> {
  if (!provider) throw new WalletError('no-wallet')
  const accounts = await ask(provider, 'eth_requestAccounts')
  const address: unknown = Array.isArray(accounts) ? accounts[0] : undefined
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new WalletError('no-account')
  const chainId = parseChainId(await ask(provider, 'eth_chainId'))
  const { message } = await api.siweNonce({ address, chain_id: chainId })
  const signature = await ask(provider, 'personal_sign', [utf8ToHex(message), address])
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) {
    throw new WalletError('bad-answer', 'personal_sign answered no signature')
  }
  const signed = inviteCode ? { message, signature, invite_code: inviteCode } : { message, signature }
  for (let code: string | null = null; ;) {
    try {
      return await api.siweLogin(code === null ? signed : { ...signed, totp_code: code })
    } catch (err) {
      // The request layer has said why (the code is needed, or was wrong): ask for it (again).
      if (!askCode || describeFailure(err).field !== 'totp_code') throw err
      code = await askCode()
      if (code === null) throw new WalletError('rejected')
    }
  }
}
