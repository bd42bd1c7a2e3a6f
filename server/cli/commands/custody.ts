/** Operator commands of custody (issue 23): the chain deposits' state, and publishing the proof of liabilities. */
import { custodyReport } from '../../custody/custody-report'
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

const custody: AdminCommand = {
  name: 'custody',
  usage:
    '  custody                     chain deposits: last block per network, deposits per state, debts; withdrawals sent, hot wallets',
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
    for (const h of r.hotWallets) io.out(`hot wallet ${h.network} ${h.address}: next nonce ${h.nextNonce}`)
  },
}

export const CUSTODY_COMMANDS: readonly AdminCommand[] = [custody, proofPublish]
