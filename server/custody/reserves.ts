/**
 * What the venue's addresses hold on chain: the users' deposit addresses (not yet swept: server/custody/sweeper.ts)
 * and the signers' hot wallets, each in ETH (`eth_getBalance`) and USDT (the token's `balanceOf`), exact from the
 * chain's base units, all read at one block. For the proof of reserves (issue 23 part 6: their sums) and the
 * operator's report (`npm run admin -- custody`, part 4: hot wallets and what is not yet swept). Between a
 * withdrawal's transaction being mined and its 6th confirmation the amount has left the hot wallet while the user's
 * frozen balance still counts among the liabilities: the ratio dips by it for those blocks; sweeping's gas lowers the
 * reserves for good (the venue's cost).
 */
import { eq } from 'drizzle-orm'
import type { Address, PublicClient } from 'viem'
import { add, parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { chainAddresses, hotWallets } from '../db/schema'
import type { EvmCustody } from './evm-custody'

/** Balances read at once. */
const BATCH = 50

/** One address's holdings (USDT null without a token configured). */
export interface AddressBalance {
  /** Lower-case 0x hex. */
  address: string
  /** The deposit address's user; null for a hot wallet. */
  userId: number | null
  ETH: DecimalString
  USDT: DecimalString | null
}

/** Every address of the venue on the network, at `block`. */
export interface ChainBalances {
  network: string
  block: number
  hotWallets: AddressBalance[]
  depositAddresses: AddressBalance[]
}

/** Reads every deposit address's and hot wallet's ETH and USDT at the node's latest block. */
export async function readChainBalances(db: Db, client: PublicClient, custody: EvmCustody): Promise<ChainBalances> {
  const { erc20Abi, formatUnits } = await import('viem')
  const users = await db
    .select({ address: chainAddresses.address, userId: chainAddresses.userId })
    .from(chainAddresses)
    .where(eq(chainAddresses.network, custody.network))
  const hot = await db
    .select({ address: hotWallets.address })
    .from(hotWallets)
    .where(eq(hotWallets.network, custody.network))
  const rows = [...hot.map((h) => ({ address: h.address, userId: null as number | null })), ...users]
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  const read: AddressBalance[] = []
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const [eth, usdt] = await Promise.all([
      Promise.all(batch.map((r) => client.getBalance({ address: r.address as Address, blockNumber }))),
      custody.usdt
        ? Promise.all(
            batch.map((r) =>
              client.readContract({
                address: custody.usdt!.address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [r.address as Address],
                blockNumber,
              }),
            ),
          )
        : Promise.resolve(null),
    ])
    batch.forEach((r, j) =>
      read.push({
        ...r,
        ETH: parseDecimal(formatUnits(eth[j]!, 18)),
        USDT: usdt && custody.usdt ? parseDecimal(formatUnits(usdt[j]!, custody.usdt.decimals)) : null,
      }),
    )
  }
  return {
    network: custody.network,
    block: Number(blockNumber),
    hotWallets: read.filter((r) => r.userId === null),
    depositAddresses: read.filter((r) => r.userId !== null),
  }
}

/** Σ per currency of `balances` (ETH always; USDT with a token). */
export function sumBalances(balances: readonly AddressBalance[], withUsdt: boolean): Map<string, DecimalString> {
  let eth: DecimalString = parseDecimal('0')
  let usdt: DecimalString = parseDecimal('0')
  for (const b of balances) {
    eth = add(eth, b.ETH)
    if (b.USDT !== null) usdt = add(usdt, b.USDT)
  }
  const out = new Map<string, DecimalString>([['ETH', eth]])
  if (withUsdt) out.set('USDT', usdt)
  return out
}

/** ETH and (with a token configured) USDT held by the users' deposit addresses and the hot wallets, at the node's latest block. */
export async function readReserves(
  db: Db,
  client: PublicClient,
  custody: EvmCustody,
): Promise<Map<string, DecimalString>> {
  const read = await readChainBalances(db, client, custody)
  return sumBalances([...read.hotWallets, ...read.depositAddresses], custody.usdt !== null)
}
