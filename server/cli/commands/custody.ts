/**
 * Operator commands of custody (issue 23): the chain deposits', withdrawals' and sweeps' state with the balances on
 * chain, and publishing the proof of liabilities.
 */
import { compare, parseDecimal, sign } from '../../../common/amount'
import { custodyReport } from '../../custody/custody-report'
import { sumBalances, type AddressBalance } from '../../custody/reserves'
import { publishProof } from '../../custody/proof'
import { UsageError, type AdminCommand } from './types'

const proofPublish: AdminCommand = {
  name: 'proof publish',
  usage:
    '  proof publish               publish a proof of liabilities: Merkle-sum root of every live balance, totals per currency\n' +
    '                              (with the reserves read from chain when run in a server that watches one)',
  async run(db, args, io) {
    if (args.length) throw new UsageError('proof publish')
    const p = await publishProof(db, await io.reserves?.())
    io.out(`proof #${p.id}: root ${p.root}, ${p.leafCount} users`)
    for (const t of p.totals)
      io.out(`  ${t.currency.padEnd(8)} liabilities ${t.liabilities}, reserves ${t.reserves ?? 'not read'}`)
  },
}

const ZERO = parseDecimal('0')

/** Deposit addresses listed one by one (the largest holdings). */
const LISTED = 20

const holding = (b: AddressBalance) => `${b.ETH} ETH${b.USDT === null ? '' : `, ${b.USDT} USDT`}`

const custody: AdminCommand = {
  name: 'custody',
  usage:
    '  custody                     chain deposits: last block per network, deposits per state, debts; withdrawals sent,\n' +
    '                              sweeps; hot wallets and deposit addresses not yet swept (balances read from chain)',
  async run(db, args, io) {
    if (args.length) throw new UsageError('custody')
    const r = await custodyReport(db)
    if (r.networks.length === 0) io.out('no chain watched yet (EVM_RPC_URL or EVM_DEV_CHAIN=1)')
    for (const n of r.networks) io.out(`${n.network}: block ${n.block} processed at ${n.updatedAt.toISOString()}`)
    for (const d of r.deposits)
      io.out(`  ${d.network} ${d.currency.padEnd(5)} ${d.state.padEnd(12)} ${String(d.count).padStart(6)}  ${d.amount}`)
    if (r.debts.length > 0) io.out('debts of reversed deposits (repaid from the next deposits of the currency):')
    for (const d of r.debts)
      io.out(`  deposit ${d.depositId} of user ${d.userId}: ${d.debt} of ${d.amount} ${d.currency} still owed`)
    if (r.withdrawals.length > 0) io.out('withdrawals sent on chain by the signer:')
    for (const w of r.withdrawals)
      io.out(`  ${w.network} ${w.currency.padEnd(5)} ${w.state.padEnd(12)} ${String(w.count).padStart(6)}  ${w.amount}`)
    if (r.sweeps.length > 0) io.out('sweeps (deposit addresses to the hot wallet; gas sent to deposit addresses):')
    for (const w of r.sweeps)
      io.out(
        `  ${w.network} ${w.purpose.padEnd(5)} ${w.currency.padEnd(5)} ${w.state.padEnd(9)} ${String(w.count).padStart(6)}  ${w.amount}`,
      )
    for (const h of r.held)
      io.out(`  held for an operator (its last sweeps reverted): ${h.network} ${h.address} of user ${h.userId}`)
    for (const h of r.hotWallets) io.out(`hot wallet ${h.network} ${h.address}: next nonce ${h.nextNonce}`)
    if (!io.chain) {
      if (r.networks.length > 0)
        io.out('balances on chain: not read here (run it while the server runs, or with EVM_RPC_URL set)')
      return
    }
    const chain = await io.chain()
    io.out(`on chain ${chain.network} at block ${chain.block}:`)
    for (const h of chain.hotWallets) io.out(`  hot wallet ${h.address}: ${holding(h)}`)
    const unswept = chain.depositAddresses.filter((d) => sign(d.ETH) > 0 || (d.USDT !== null && sign(d.USDT) > 0))
    const totals = sumBalances(
      unswept,
      chain.depositAddresses.some((d) => d.USDT !== null),
    )
    io.out(
      `  not yet swept: ${[...totals].map(([c, v]) => `${v} ${c}`).join(', ')} on ${unswept.length} of ${chain.depositAddresses.length} deposit addresses`,
    )
    for (const d of unswept
      .sort((a, b) => compare(b.USDT ?? ZERO, a.USDT ?? ZERO) || compare(b.ETH, a.ETH))
      .slice(0, LISTED))
      io.out(`    ${d.address} (user ${d.userId}): ${holding(d)}`)
    if (unswept.length > LISTED) io.out(`    … ${unswept.length - LISTED} more`)
  },
}

export const CUSTODY_COMMANDS: readonly AdminCommand[] = [custody, proofPublish]
