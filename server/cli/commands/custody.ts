/** Operator commands of custody (issue 23): publish the proof of liabilities. */
import { publishProof } from '../../custody/proof'
import { UsageError, type AdminCommand } from './types'

const proofPublish: AdminCommand = {
  name: 'proof publish',
  usage:
    '  proof publish               publish a proof of liabilities: Merkle-sum root of every live balance, totals per currency',
  async run(db, args, io) {
    if (args.length) throw new UsageError('proof publish')
    const p = await publishProof(db)
    io.out(`proof #${p.id}: root ${p.root}, ${p.leafCount} users`)
    for (const t of p.totals)
      io.out(`  ${t.currency.padEnd(8)} liabilities ${t.liabilities}, reserves ${t.reserves ?? 'not read'}`)
  },
}

export const CUSTODY_COMMANDS: readonly AdminCommand[] = [proofPublish]
