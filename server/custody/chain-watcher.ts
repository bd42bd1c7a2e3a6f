/**
 * The chain watcher (issue 23 part 2): follows an EVM chain block by block through viem's public client and turns
 * transfers into users' deposit addresses (`chain_addresses`) into deposits.
 *
 * What counts: native ETH sent by a transaction whose receipt succeeded (`to` = the user's address, value > 0; ETH
 * sent by a contract's internal call is not seen — spec §9: "only the simple-send method is supported"), and the
 * configured USDT contract's ERC-20 `Transfer(from, to, value)` logs to the user's address, value > 0 (zero-value
 * transfers are address-poisoning spam). Amounts are exact: `value / 10^decimals` (18 for ETH, the token's
 * `decimals()` for USDT); a transfer below the pair's `min_deposit` is logged and not recorded (exchanges do not
 * credit those either); a pair paused for deposits still credits what arrives.
 *
 * Life of a deposit (spec §9: "One network confirmation credits the deposit, and 6 confirmations allow
 * withdrawal"):
 * - `pending`: seen in the node's pending block (0 confirmations), shown in the user's record, nothing credited;
 * - `credited`: in a processed block (1 confirmation): the spot wallet is credited from `system:deposits` in the
 *   transaction that processes the block; usable for trading, not for withdrawal (server/money/withdraw-lock.ts);
 * - `withdrawable`: 6 confirmations (the processed tip is 5 blocks above it);
 * - `reversed`: its block left the chain (a reorganization). The credit is taken back from the spot wallet's
 *   available balance; what the wallet no longer holds (spent, moved to another wallet or frozen in an order) is kept
 *   as the deposit's `debt`: never a negative balance. A debt blocks withdrawals of that amount of the currency, is
 *   listed to operators (`npm run admin -- custody`), and the user's next chain deposits of the currency repay it
 *   first (ledger kind `deposit_reverse`). A transfer re-mined in another block after the reorganization is a new
 *   deposit, credited again (the unique index `deposits_chain_event` holds one live row per tx hash and log index).
 *
 * Exactly once: each block is processed in one database transaction that first locks the network's cursor row and
 * goes on only if the cursor still names the block's parent, so two watchers (or a watcher restarted after kill -9)
 * never apply a block twice; the ledger reference `deposit:<id>` and the unique index make a second credit fail
 * loudly. Reorganizations are found by the parent hash of the next block and by the processed tip's hash at each poll
 * (a chain that got shorter), then walked back over the hashes kept in `chain_blocks` (the last KEEP_BLOCKS) to the
 * fork point. RPC reads happen outside database transactions; logs are read by block hash (EIP-234), so they always
 * belong to the block processed.
 */
import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm'
import { formatUnits, getAddress, parseAbiItem, type Block, type Hash, type PublicClient, type Transaction } from 'viem'
import { compare, parseDecimal, subtract, sign } from '../../common/amount'
import { CONFIRMATIONS_WITHDRAW } from '../../common/api/assets'
import type { Db } from '../db/client'
import { chainBlocks, chainCursors, deposits } from '../db/schema'
import { moneyTransaction } from '../ledger/idempotent'
import { creditAll } from './chain-credit'
import { lockedSpotAvailable, minOf, takeBack } from './chain-ledger'
import { recordPending } from './chain-pending'
import { minimums, ownersOf, withoutSweeperGas, type Candidate, type ChainWatcherDeps, type Found } from './chain-scan'

export type { ChainWatcherDeps } from './chain-scan'

/** Block hashes kept for finding a fork point: a reorganization deeper than this stops the watcher. */
export const KEEP_BLOCKS = 128
/** Blocks processed per poll at most (a watcher far behind catches up over several polls). */
const BLOCKS_PER_POLL = 200

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

/** One poll's work. */
export interface PollResult {
  /** The chain's head when the poll began. */
  head: number
  /** The last block processed after the poll. */
  processed: number
  blocks: number
  credited: number
  reversed: number
  /** Pending deposits recorded by this poll. */
  pending: number
}

/** The watcher stopped on something it must not guess about (a reorganization deeper than KEEP_BLOCKS). */
export class WatcherHalt extends Error {
  override name = 'WatcherHalt'
}

interface Cursor {
  number: number
  hash: Hash | null
}

/**
 * One poll: notices a reorganization (and undoes it), processes up to BLOCKS_PER_POLL new blocks, marks deposits 6
 * confirmations deep withdrawable, and records pending deposits from the node's pending block.
 * @throws WatcherHalt on a reorganization deeper than KEEP_BLOCKS; RPC and database errors as they come (the loop
 *   of `startChainWatcher` logs them and polls again).
 */
export async function pollOnce(deps: ChainWatcherDeps): Promise<PollResult> {
  const { client } = deps
  const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
  const result: PollResult = { head, processed: -1, blocks: 0, credited: 0, reversed: 0, pending: 0 }
  let cursor = await openCursor(deps, head)
  // A replaced tip shows no new parent to compare: check the tip itself. A node that has not reached the tip (one
  // behind a load balancer, a restarted one) answers nothing there: wait for it rather than call that a reorganization.
  if (cursor.hash !== null) {
    const tip = await hashAt(client, cursor.number)
    if (tip === null) return { ...result, processed: cursor.number }
    if (tip !== cursor.hash) {
      result.reversed += await rewind(deps, cursor)
      cursor = (await readCursor(deps.db, deps.custody.network))!
    }
  }
  while (cursor.number < head && result.blocks < BLOCKS_PER_POLL) {
    const block = await client.getBlock({ blockNumber: BigInt(cursor.number + 1), includeTransactions: true })
    if (cursor.hash !== null && block.parentHash !== cursor.hash) {
      const before = cursor
      result.reversed += await rewind(deps, cursor)
      const after = (await readCursor(deps.db, deps.custody.network))!
      // Nodes disagreeing with each other can leave the cursor where it was: try again at the next poll, not now.
      if (after.number === before.number && after.hash === before.hash) break
    } else {
      const found = await transfersIn(deps, block)
      result.credited += (await applyBlock(deps, cursor, block, found)) ?? 0
      result.blocks += 1
    }
    cursor = (await readCursor(deps.db, deps.custody.network))!
  }
  await markWithdrawable(deps.db, deps.custody.network)
  result.pending = await recordPending(deps)
  result.processed = cursor.number
  return result
}

/** The network's cursor, created at EVM_START_BLOCK − 1 (or the head − 1) on the first poll. */
async function openCursor(deps: ChainWatcherDeps, head: number): Promise<Cursor> {
  const { db, custody, client } = deps
  const found = await readCursor(db, custody.network)
  if (found) return found
  const start = custody.startBlock === 'head' ? head : Math.min(custody.startBlock, head + 1)
  const hash = start > 0 ? await hashAt(client, start - 1) : null
  await db
    .insert(chainCursors)
    .values({ network: custody.network, blockNumber: start - 1, blockHash: hash })
    .onConflictDoNothing()
  deps.log?.(`[chain] ${custody.network}: watching from block ${start}`)
  return (await readCursor(db, custody.network))!
}

async function readCursor(db: Db, network: string): Promise<Cursor | undefined> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network))
  return row && { number: row.blockNumber, hash: row.blockHash as Hash | null }
}

/** The hash of block `n` on the node's chain; null when the chain is shorter. */
async function hashAt(client: PublicClient, n: number): Promise<Hash | null> {
  if (n < 0) return null
  try {
    return (await client.getBlock({ blockNumber: BigInt(n) })).hash
  } catch (err) {
    if ((err as { name?: string }).name === 'BlockNotFoundError') return null
    throw err
  }
}

/** Transfers of `block` into users' addresses: candidates from its transactions and token logs, owners, receipts. */
async function transfersIn(deps: ChainWatcherDeps, block: Block<bigint, true>): Promise<Found[]> {
  const { client, custody } = deps
  const candidates: Candidate[] = []
  for (const tx of block.transactions as Transaction[]) {
    if (tx.to && tx.value > 0n) {
      candidates.push({
        chain: 'ETH',
        currency: 'ETH',
        txHash: tx.hash,
        logIndex: -1,
        from: getAddress(tx.from),
        to: getAddress(tx.to),
        value: tx.value,
        decimals: 18,
      })
    }
  }
  if (custody.usdt) {
    const logs = await client.getLogs({ address: custody.usdt.address, event: TRANSFER, blockHash: block.hash! })
    for (const l of logs) {
      if (l.removed || !l.args.to || !l.args.from || !l.args.value) continue
      candidates.push({
        chain: 'ERC20',
        currency: 'USDT',
        txHash: l.transactionHash,
        logIndex: l.logIndex,
        from: getAddress(l.args.from),
        to: getAddress(l.args.to),
        value: l.args.value,
        decimals: custody.usdt.decimals,
      })
    }
  }
  const owners = await ownersOf(deps.db, custody.network, candidates)
  const found: Found[] = []
  const toUsers = candidates.filter((c) => owners.has(c.to.toLowerCase()))
  for (const c of await withoutSweeperGas(deps.db, custody.network, toUsers)) {
    const userId = owners.get(c.to.toLowerCase())
    if (userId === undefined) continue
    // A reverted transaction moved no ETH (its token logs are gone with it).
    if (c.logIndex === -1) {
      const receipt = await client.getTransactionReceipt({ hash: c.txHash })
      // The receipt must be of this block (a node that switched branches meanwhile answers another): poll again.
      if (receipt.blockHash !== block.hash) throw new Error(`receipt of ${c.txHash} is of another block: retrying`)
      if (receipt.status !== 'success') continue
    }
    const { value, decimals, ...rest } = c
    found.push({ ...rest, userId, amount: parseDecimal(formatUnits(value, decimals)) })
  }
  return found
}

/**
 * Locks the network's cursor; answers false (and changes nothing) when it no longer is `cursor`: another watcher
 * moved it since it was read.
 */
async function cursorStill(tx: Db, network: string, cursor: Cursor): Promise<boolean> {
  const [row] = await tx.select().from(chainCursors).where(eq(chainCursors.network, network)).for('update')
  return row !== undefined && row.blockNumber === cursor.number && row.blockHash === cursor.hash
}

/**
 * Credits `found` and moves the cursor to `block`, in one transaction; answers how many were credited, or undefined
 * when another watcher had processed the block.
 */
async function applyBlock(
  deps: ChainWatcherDeps,
  cursor: Cursor,
  block: Block<bigint, true>,
  found: readonly Found[],
): Promise<number | undefined> {
  const { custody } = deps
  const number = Number(block.number)
  const mins = await minimums(deps.db)
  const creditable = found.filter((f) => {
    const min = mins.get(`${f.currency}-${f.chain}`)
    if (min !== undefined && compare(f.amount, min) >= 0) return true
    deps.log?.(
      `[chain] ${f.txHash}#${f.logIndex}: ${f.amount} ${f.currency} to user ${f.userId} not credited (${min === undefined ? 'no such pair configured' : `below the minimum ${min}`})`,
    )
    return false
  })
  return moneyTransaction(deps.db, async (tx) => {
    if (!(await cursorStill(tx, custody.network, cursor))) return undefined
    const credited = await creditAll(tx, custody.network, block, creditable)
    await tx
      .insert(chainBlocks)
      .values({ network: custody.network, number, hash: block.hash! })
      .onConflictDoUpdate({
        target: [chainBlocks.network, chainBlocks.number],
        set: { hash: block.hash! },
      })
    await tx
      .delete(chainBlocks)
      .where(and(eq(chainBlocks.network, custody.network), lt(chainBlocks.number, number - KEEP_BLOCKS)))
    await tx
      .update(chainCursors)
      .set({ blockNumber: number, blockHash: block.hash!, updatedAt: sql`now()` })
      .where(eq(chainCursors.network, custody.network))
    return credited
  })
}

/**
 * Walks back from `cursor` to the last block whose kept hash is still on the chain, reverses the deposits of the
 * blocks after it and sets the cursor there; answers how many deposits were reversed.
 * @throws WatcherHalt when no kept hash matches (deeper than KEEP_BLOCKS).
 */
async function rewind(deps: ChainWatcherDeps, cursor: Cursor): Promise<number> {
  const { db, client, custody } = deps
  const kept = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.network, custody.network), lte(chainBlocks.number, cursor.number)))
    .orderBy(desc(chainBlocks.number))
  let fork: Cursor | undefined
  for (const b of kept) {
    if ((await hashAt(client, b.number)) === b.hash) {
      fork = { number: b.number, hash: b.hash }
      break
    }
  }
  if (!fork) {
    const oldest = kept.at(-1)?.number
    // Nothing kept below the start block: the fork is before the first block watched.
    if (oldest === undefined || oldest > 0) {
      throw new WatcherHalt(
        `${custody.network}: reorganization deeper than the ${kept.length} blocks kept (from ${cursor.number}); an operator must look`,
      )
    }
    fork = { number: -1, hash: null }
  }
  const to = fork
  const reversed = await moneyTransaction(db, async (tx) => {
    if (!(await cursorStill(tx, custody.network, cursor))) return 0
    const gone = await tx
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.source, 'chain'),
          eq(deposits.network, custody.network),
          gt(deposits.blockNumber, to.number),
          inArray(deposits.status, ['credited', 'withdrawable']),
        ),
      )
      .orderBy(asc(deposits.id))
      .for('update')
    for (const d of gone) {
      const amount = parseDecimal(d.amount)
      const take = minOf(await lockedSpotAvailable(tx, d.userId, d.currency), amount)
      if (sign(take) > 0) await takeBack(tx, d.userId, d.currency, take, `deposit:${d.id}`)
      await tx
        .update(deposits)
        .set({ status: 'reversed', debt: subtract(amount, take) })
        .where(eq(deposits.id, d.id))
    }
    await tx.delete(chainBlocks).where(and(eq(chainBlocks.network, custody.network), gt(chainBlocks.number, to.number)))
    await tx
      .update(chainCursors)
      .set({ blockNumber: to.number, blockHash: to.hash, updatedAt: sql`now()` })
      .where(eq(chainCursors.network, custody.network))
    return gone.length
  })
  deps.log?.(
    `[chain] ${custody.network}: reorganization, blocks after ${to.number} left the chain (processed up to ${cursor.number}); ${reversed} deposit(s) reversed`,
  )
  return reversed
}

/**
 * Credited deposits CONFIRMATIONS_WITHDRAW deep below the processed tip become withdrawable. The tip is the cursor's
 * as the statement runs, not this watcher's last view of it: another watcher may have rewound it meanwhile.
 */
async function markWithdrawable(db: Db, network: string): Promise<void> {
  await db
    .update(deposits)
    .set({ status: 'withdrawable' })
    .where(
      and(
        eq(deposits.source, 'chain'),
        eq(deposits.network, network),
        eq(deposits.status, 'credited'),
        lte(
          deposits.blockNumber,
          sql`(select ${chainCursors.blockNumber} from ${chainCursors} where ${chainCursors.network} = ${network}) - ${CONFIRMATIONS_WITHDRAW - 1}`,
        ),
      ),
    )
}
