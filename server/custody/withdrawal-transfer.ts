/**
 * The on-chain transfer paying a withdrawal (server/custody/signer.ts): its exact base units, the unsigned
 * transaction (native ETH, or the token's `transfer`), and whether the hot wallet can pay it now.
 */
import type { PublicClient, LocalAccount } from 'viem'
import { parseDecimal, scaleOf } from '../../common/amount'
import type { withdrawals } from '../db/schema'
import type { EvmCustody } from './evm-custody'

type WithdrawalRow = typeof withdrawals.$inferSelect

/** Gas limit of a native ETH transfer (to an account without code: 21,000, the protocol's base cost). */
export const ETH_TRANSFER_GAS = 21_000n

/** Gas limit of an ERC-20 `transfer` (Tether's costs ~41,000–63,000). */
export const TOKEN_TRANSFER_GAS = 100_000n

/**
 * Base units of a withdrawal's amount (ETH: 18 decimals; USDT: the token's), exactly.
 * @throws Error when the amount has more decimals than the token (a token with fewer than the ledger's scale):
 *   parseUnits would round it, up as often as down, so it is not sent (the operator sees the error in the log).
 */
export async function baseUnits(custody: EvmCustody, w: WithdrawalRow): Promise<bigint> {
  const { parseUnits } = await import('viem')
  const amount = parseDecimal(w.amount)
  const decimals = w.chain === 'ERC20' ? custody.usdt!.decimals : 18
  if (scaleOf(amount) > decimals) {
    throw new Error(
      `${amount} ${w.currency} has more decimals than the token's ${decimals}: not sent, it would be rounded`,
    )
  }
  return parseUnits(amount, decimals)
}

/** The transfer paying `w`, unsigned: to the user's address (ETH) or the token's `transfer` (USDT). */
export async function transferOf(custody: EvmCustody, w: WithdrawalRow) {
  const { encodeFunctionData, erc20Abi, getAddress } = await import('viem')
  const value = await baseUnits(custody, w)
  const to = getAddress(w.address)
  if (w.chain === 'ERC20') {
    if (!custody.usdt) throw new Error('no USDT contract configured')
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] })
    return { to: custody.usdt.address, value: 0n, data, gas: TOKEN_TRANSFER_GAS }
  }
  return { to, value, data: undefined, gas: ETH_TRANSFER_GAS }
}

/** When a withdrawal waiting for funds was last logged, by id (once a minute each). */
export const shortLogged = new Map<number, number>()

/**
 * Whether the hot wallet can pay `w` now, read at the node's `pending` state (what its transactions in the pool will
 * spend is already gone): the amount (ETH, or the token for USDT) and the gas at the max fee. A withdrawal it cannot
 * pay is not signed — a transfer mined only to revert would cost gas and fail a withdrawal a sweep would have paid a
 * minute later — and waits, its funds still frozen, until sweeps or an operator fund the hot wallet.
 */
export async function hotWalletCovers(
  deps: { client: PublicClient; custody: EvmCustody; account: LocalAccount },
  w: WithdrawalRow,
  transfer: Awaited<ReturnType<typeof transferOf>>,
  maxFeePerGas: bigint,
): Promise<{ ok: boolean; holds: string }> {
  const { erc20Abi, formatUnits } = await import('viem')
  const { client, custody, account } = deps
  const eth = await client.getBalance({ address: account.address, blockTag: 'pending' })
  const gas = transfer.gas * maxFeePerGas
  if (!transfer.data) return { ok: eth >= transfer.value + gas, holds: `${formatUnits(eth, 18)} ETH` }
  const token = await client.readContract({
    address: custody.usdt!.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account.address],
    blockTag: 'pending',
  })
  const amount = await baseUnits(custody, w)
  return {
    ok: token >= amount && eth >= gas,
    holds: `${formatUnits(token, custody.usdt!.decimals)} USDT and ${formatUnits(eth, 18)} ETH`,
  }
}
