/**
 * The chain watcher's pending scan (server/custody/chain-watcher.ts): transfers into users' addresses in the node's
 * pending block become pending deposits (0 confirmations, nothing credited) — native ETH sends and the token's
 * `transfer(to, value)` calls decoded from their input; the block that mines them makes them credited.
 */
import { and, eq, inArray, lt } from 'drizzle-orm'
import { decodeFunctionData, erc20Abi, formatUnits, getAddress, type Block, type Transaction } from 'viem'
import { compare, parseDecimal } from '../../common/amount'
import { chainCursors, deposits } from '../db/schema'
import { moneyTransaction } from '../ledger/idempotent'
import { txHashKey } from '../money/tx-hash'
import {
  depositOfTransfer,
  minimums,
  ownersOf,
  withoutSweeperGas,
  type Candidate,
  type ChainWatcherDeps,
} from './chain-scan'

/** A pending deposit whose transaction is no longer pending after this long is dropped from the record, ms. */
const PENDING_TTL_MS = 60 * 60 * 1000

/**
 * Records the pending block's transfers into users' addresses as pending deposits (once each), and drops pending
 * records older than PENDING_TTL_MS whose transaction is no longer pending. Answers how many it recorded.
 */
export async function recordPending(deps: ChainWatcherDeps): Promise<number> {
  const { db, client, custody } = deps
  let block: Block<bigint, true, 'pending'>
  try {
    block = await client.getBlock({ blockTag: 'pending', includeTransactions: true })
  } catch {
    return 0 // a node without a pending block: deposits show from their first confirmation
  }
  const candidates: Candidate[] = []
  for (const tx of block.transactions as Transaction[]) {
    if (!tx.to) continue
    if (tx.value > 0n) {
      const to = getAddress(tx.to)
      candidates.push({
        chain: 'ETH',
        currency: 'ETH',
        txHash: tx.hash,
        logIndex: -1,
        from: getAddress(tx.from),
        to,
        value: tx.value,
        decimals: 18,
      })
    }
    if (custody.usdt && getAddress(tx.to) === custody.usdt.address) {
      try {
        const call = decodeFunctionData({ abi: erc20Abi, data: tx.input })
        if (call.functionName === 'transfer' && call.args[1] > 0n) {
          candidates.push({
            chain: 'ERC20',
            currency: 'USDT',
            txHash: tx.hash,
            logIndex: -1,
            from: getAddress(tx.from),
            to: getAddress(call.args[0]),
            value: call.args[1],
            decimals: custody.usdt.decimals,
          })
        }
      } catch {
        // not a call of the token's ABI
      }
    }
  }
  const owners = await ownersOf(db, custody.network, candidates)
  const toUsers = await withoutSweeperGas(
    db,
    custody.network,
    candidates.filter((c) => owners.has(c.to.toLowerCase())),
  )
  const mins = await minimums(db)
  const seen = new Set(candidates.map((c) => txHashKey(c.chain, c.txHash)))
  return moneyTransaction(db, async (tx) => {
    // Under the cursor's lock: two watchers record a pending transfer once.
    await tx.select().from(chainCursors).where(eq(chainCursors.network, custody.network)).for('update')
    let recorded = 0
    for (const c of toUsers) {
      const userId = owners.get(c.to.toLowerCase())
      const amount = parseDecimal(formatUnits(c.value, c.decimals))
      const min = mins.get(`${c.currency}-${c.chain}`)
      if (userId === undefined || min === undefined || compare(amount, min) < 0) continue
      const key = txHashKey(c.chain, c.txHash)
      const known = await depositOfTransfer(tx, custody.network, { key, to: c.to, currency: c.currency }, [
        'pending',
        'credited',
        'withdrawable',
      ])
      if (known) continue
      await tx.insert(deposits).values({
        userId,
        currency: c.currency,
        chain: c.chain,
        amount,
        fromAddress: c.from,
        toAddress: c.to,
        txHash: c.txHash,
        txHashKey: key,
        source: 'chain',
        network: custody.network,
        status: 'pending',
      })
      recorded += 1
    }
    const stale = await tx
      .select({ id: deposits.id, key: deposits.txHashKey })
      .from(deposits)
      .where(
        and(
          eq(deposits.source, 'chain'),
          eq(deposits.network, custody.network),
          eq(deposits.status, 'pending'),
          lt(deposits.createdAt, new Date(Date.now() - PENDING_TTL_MS)),
        ),
      )
    const dropped = stale.filter((s) => !seen.has(s.key!)).map((s) => s.id)
    if (dropped.length > 0) await tx.delete(deposits).where(inArray(deposits.id, dropped))
    return recorded
  })
}
