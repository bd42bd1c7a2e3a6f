/**
 * EVM custody's settings as the server runs them (issue 23), and each user's deposit address on that network.
 *
 * One EVM network per venue: its chain id names it (`evm:<chain id>`), native ETH deposits are the chain `ETH` and
 * the configured USDT token's are `ERC20` (common/api/assets.ts CHAINS). A user has one deposit address on the
 * network, the same for both: `m/44'/60'/0'/0/<1000 + user id>` below EVM_XPUB (server/custody/evm-keys.ts), stored
 * in `chain_addresses` the first time the user asks for it, so the watcher matches transfers with one indexed read
 * and the address never changes (spec §9: "The deposit address rarely changes").
 */
import { and, eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { CONFIRMATIONS_CREDIT, CONFIRMATIONS_WITHDRAW, type Chain, type DepositAddress } from '../../common/api/assets'
import { parseDecimal } from '../../common/amount'
import type { Db } from '../db/client'
import { chainAddresses, chains } from '../db/schema'
import { fieldError } from '../money/amounts'
import { depositIndexOf, depositKeys, type DepositKeys } from './evm-keys'

/** viem, loaded on first use (a server without a chain never loads it). */
const viem = () => import('viem')

/** The EVM network the venue watches. */
export interface EvmCustody {
  /** `evm:<chain id>`: the key of addresses, cursors and deposits. */
  network: string
  chainId: number
  /** JSON-RPC endpoint (`EVM_RPC_URL`). */
  rpcUrl: string
  /** The deposit addresses' parent key (`EVM_XPUB`, public only). */
  keys: DepositKeys
  /** The USDT-ERC20 contract (`EVM_USDT_CONTRACT`) and its decimals (read from the contract at start); null = none. */
  usdt: { address: Address; decimals: number } | null
  /** First block to process when no cursor exists (`EVM_START_BLOCK`; default: the head at the first start). */
  startBlock: number | 'head'
}

/** The currency each watched chain label carries. */
export const WATCHED: Readonly<Partial<Record<Chain, string>>> = { ETH: 'ETH', ERC20: 'USDT' }

/** `evm:<chain id>`. */
export const evmNetwork = (chainId: number) => `evm:${chainId}`

/** Whether deposits of `currency` on `chain` are watched (so claims are not taken): USDT-ERC20 needs a token. */
export function isWatched(custody: EvmCustody | undefined, currency: string, chain: Chain): boolean {
  if (!custody || WATCHED[chain] !== currency) return false
  return chain !== 'ERC20' || custody.usdt !== null
}

/** Builds the settings from their parts; reads the xpub (@throws ExtendedKeyError on a bad one). */
export async function evmCustody(input: Omit<EvmCustody, 'keys' | 'network'> & { xpub: string }): Promise<EvmCustody> {
  const { xpub, usdt, ...rest } = input
  const { getAddress } = await viem()
  return {
    ...rest,
    usdt: usdt && { address: getAddress(usdt.address), decimals: usdt.decimals },
    network: evmNetwork(input.chainId),
    keys: await depositKeys(xpub),
  }
}

/**
 * The user's deposit address on the network (EIP-55), stored on first use.
 * @throws RangeError when the user id is outside the derivable range (never for a real user).
 */
export async function userDepositAddress(db: Db, custody: EvmCustody, userId: number): Promise<Address> {
  const { getAddress } = await viem()
  const [row] = await db
    .select({ address: chainAddresses.address })
    .from(chainAddresses)
    .where(and(eq(chainAddresses.userId, userId), eq(chainAddresses.network, custody.network)))
  if (row) return getAddress(row.address)
  const index = depositIndexOf(userId)
  const address = getAddress(custody.keys.addressAt(index))
  await db
    .insert(chainAddresses)
    .values({ userId, network: custody.network, address: address.toLowerCase(), keyIndex: index })
    .onConflictDoNothing()
  return address
}

/**
 * `GET assets/deposit_address {currency, chain}` (issue 23 part 5, a public contract): the caller's own address for a
 * watched pair, the chain's minimum (a transfer below it is not credited), the confirmation rule and the token's
 * contract (null for native ETH).
 * @throws DomainError naming `chain`: `chainUnknown` (not configured), `depositPaused`, `depositNotWatched` (this
 *   server watches no chain for the pair: the claim flow applies).
 */
export async function depositAddress(
  db: Db,
  custody: EvmCustody | undefined,
  userId: number,
  currency: string,
  chain: Chain,
): Promise<DepositAddress> {
  const [row] = await db
    .select()
    .from(chains)
    .where(and(eq(chains.currency, currency), eq(chains.chain, chain)))
  const vars = { currency, chain }
  if (!row) throw fieldError('chain', 'chainUnknown', vars)
  if (!custody || !isWatched(custody, currency, chain)) throw fieldError('chain', 'depositNotWatched', vars, 'rejected')
  if (!row.depositEnabled) throw fieldError('chain', 'depositPaused', vars, 'rejected')
  return {
    address: await userDepositAddress(db, custody, userId),
    chain,
    currency,
    min_amount: parseDecimal(row.minDeposit),
    confirmations_credit: CONFIRMATIONS_CREDIT,
    confirmations_withdraw: CONFIRMATIONS_WITHDRAW,
    token_contract: chain === 'ERC20' ? custody.usdt!.address : null,
  }
}
