/**
 * What the chain watcher's block processing and pending scan share (server/custody/chain-watcher.ts,
 * chain-pending.ts): their dependencies, a transfer found into a user's address, and the lookups of owners and
 * minimums.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Address, Hash, PublicClient } from 'viem'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { Chain, ChainDepositState } from '../../common/api/assets'
import type { Db } from '../db/client'
import { chainAddresses, chains, deposits, sweepTxs } from '../db/schema'
import type { EvmCustody } from './evm-custody'

/** What the watcher needs. */
export interface ChainWatcherDeps {
  db: Db
  client: PublicClient
  custody: EvmCustody
  log?: ((line: string) => void) | undefined
}

/** A transfer into a user's address. */
export interface Found {
  userId: number
  chain: Chain
  currency: string
  txHash: Hash
  /** -1 for native ETH. */
  logIndex: number
  from: Address
  to: Address
  amount: DecimalString
}

/** A candidate before owners and receipts are known. */
export type Candidate = Omit<Found, 'userId' | 'amount'> & { value: bigint; decimals: number }

/** The users owning the candidates' recipient addresses, by lower-case address. */
export async function ownersOf(
  db: Db,
  network: string,
  candidates: readonly { to: Address }[],
): Promise<Map<string, number>> {
  const addresses = [...new Set(candidates.map((c) => c.to.toLowerCase()))]
  if (addresses.length === 0) return new Map()
  const rows = await db
    .select({ userId: chainAddresses.userId, address: chainAddresses.address })
    .from(chainAddresses)
    .where(and(eq(chainAddresses.network, network), inArray(chainAddresses.address, addresses)))
  return new Map(rows.map((r) => [r.address, r.userId]))
}

/**
 * `candidates` less the sweeper's gas top-ups (server/custody/sweeper.ts, `sweep_txs` purpose `gas`): ETH the hot
 * wallet sends a deposit address to pay for sweeping its USDT is the venue's, never the user's deposit. The sweeper
 * stores each top-up before broadcasting it, so it is known here before any block or pending pool can carry it.
 */
export async function withoutSweeperGas<T extends { chain: Chain; txHash: Hash }>(
  db: Db,
  network: string,
  candidates: T[],
): Promise<T[]> {
  const hashes = [...new Set(candidates.filter((c) => c.chain === 'ETH').map((c) => c.txHash.toLowerCase()))]
  if (hashes.length === 0) return candidates
  const gas = await db
    .select({ hash: sweepTxs.txHash })
    .from(sweepTxs)
    .where(and(eq(sweepTxs.network, network), eq(sweepTxs.purpose, 'gas'), inArray(sweepTxs.txHash, hashes)))
  if (gas.length === 0) return candidates
  const ours = new Set(gas.map((g) => g.hash))
  return candidates.filter((c) => c.chain !== 'ETH' || !ours.has(c.txHash.toLowerCase()))
}

/**
 * Each pair's minimum deposit, by `<currency>-<chain>`. A pair paused for deposits still credits what arrives: the
 * pause hides the address from the deposit screen, and what reached a user's address is theirs.
 */
export async function minimums(db: Db): Promise<Map<string, DecimalString>> {
  const rows = await db.select().from(chains)
  return new Map(rows.map((r) => [`${r.currency}-${r.chain}`, parseDecimal(r.minDeposit)]))
}

/**
 * The oldest chain deposit of `network` for this transfer (tx hash key, recipient, currency) in one of `states`:
 * the pending row a mined transfer takes over, or the row that makes a pending one known already.
 */
export async function depositOfTransfer(
  tx: Db,
  network: string,
  t: { key: string; to: Address; currency: string },
  states: readonly ChainDepositState[],
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.source, 'chain'),
        eq(deposits.network, network),
        eq(deposits.txHashKey, t.key),
        eq(deposits.toAddress, t.to),
        eq(deposits.currency, t.currency),
        inArray(deposits.status, [...states]),
      ),
    )
    .orderBy(asc(deposits.id))
    .limit(1)
  return row
}
