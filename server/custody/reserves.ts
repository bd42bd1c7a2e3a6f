/**
 * Reserves read from chain for the proof of reserves (issue 23 part 6): per watched currency, Σ of what the users'
 * deposit addresses hold on the network (ETH by `eth_getBalance`, USDT by the token's `balanceOf`), exact from the
 * chain's base units, and what the signers' hot wallets on the network hold (`hot_wallets`). Between a withdrawal's
 * transaction being mined and its 6th confirmation the amount has left the hot wallet while the user's frozen balance
 * still counts among the liabilities: the ratio dips by it for those blocks.
 */
import { eq } from 'drizzle-orm'
import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { chainAddresses, hotWallets } from '../db/schema'
import type { EvmCustody } from './evm-custody'

/** Balances read at once. */
const BATCH = 50

/** ETH and (with a token configured) USDT held by the users' deposit addresses and the hot wallets, at the node's latest block. */
export async function readReserves(
  db: Db,
  client: PublicClient,
  custody: EvmCustody,
): Promise<Map<string, DecimalString>> {
  const rows = [
    ...(await db
      .select({ address: chainAddresses.address })
      .from(chainAddresses)
      .where(eq(chainAddresses.network, custody.network))),
    ...(await db
      .select({ address: hotWallets.address })
      .from(hotWallets)
      .where(eq(hotWallets.network, custody.network))),
  ]
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  let eth = 0n
  let usdt = 0n
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r) => r.address as Address)
    const [ethBalances, usdtBalances] = await Promise.all([
      Promise.all(batch.map((address) => client.getBalance({ address, blockNumber }))),
      custody.usdt
        ? Promise.all(
            batch.map((address) =>
              client.readContract({
                address: custody.usdt!.address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
                blockNumber,
              }),
            ),
          )
        : Promise.resolve([]),
    ])
    for (const b of ethBalances) eth += b
    for (const b of usdtBalances) usdt += b
  }
  const reserves = new Map<string, DecimalString>([['ETH', parseDecimal(formatUnits(eth, 18))]])
  if (custody.usdt) reserves.set('USDT', parseDecimal(formatUnits(usdt, custody.usdt.decimals)))
  return reserves
}
