/**
 * `npm run admin -- risk` (issue 21 part 11): what the platform carries as futures counterparty, as admin/risk_overview
 * answers it. The command has no feed of its own: each market is valued at `--mark SYMBOL=PRICE` when given, else at
 * the last price its futures traded at (risk-overview.ts recordedPrices); the line of each market says which.
 */
import { parseArgs } from 'node:util'
import { parseDecimal, sign, type DecimalString } from '../../../common/amount'
import type { RiskOverview } from '../../../common/api/contract'
import { recordedPrices, riskOverview } from '../../trading/contract/risk-overview'
import { UsageError, type AdminCommand, type AdminIo } from './types'

const USAGE = 'risk [--mark SYMBOL=PRICE]...'

/** The overview as lines of text. */
export function printRiskOverview(o: RiskOverview, source: (symbol: string) => string, io: AdminIo): void {
  const c = o.currency
  io.out(`futures risk, live book (${c})`)
  const idle = o.markets.filter(
    (m) => sign(parseDecimal(m.long_amount)) === 0 && sign(parseDecimal(m.short_amount)) === 0,
  )
  for (const m of o.markets) {
    if (idle.includes(m)) continue
    io.out(
      `${m.symbol} mark ${m.mark ?? '-'} (${source(m.symbol)}): long ${m.long_amount} (${m.long_notional} ${c}), short ${m.short_amount} (${m.short_notional} ${c}); platform net ${m.platform_net_amount} = ${m.platform_net_exposure} ${c} (cap ${m.max_net_exposure}); users' unrealized PnL ${m.users_unrealized_pnl}`,
    )
  }
  if (idle.length > 0) io.out(`no open positions on ${idle.map((m) => m.symbol).join(', ')}`)
  io.out(
    `platform net exposure ${o.platform_net_exposure} ${c}; users' unrealized PnL ${o.users_unrealized_pnl} ${c} (the platform's unrealized loss)`,
  )
  io.out(`insurance ${o.insurance_balance} ${c}`)
  io.out(`funding received ${o.funding_received} ${c}, paid ${o.funding_paid} ${c}`)
  if (o.closest_to_liquidation.length === 0) return io.out('closest to liquidation: none')
  io.out('closest to liquidation (margin ratio = maintenance margin / equity):')
  for (const a of o.closest_to_liquidation) {
    io.out(
      `  user ${a.user_id}: margin ratio ${a.margin_ratio ?? 'equity ≤ 0'}, equity ${a.equity}, maintenance ${a.maintenance_margin}, ${a.positions} position(s)`,
    )
  }
}

const riskCommand: AdminCommand = {
  name: 'risk',
  usage: `  ${USAGE}\n                              the platform's futures exposure, insurance, accounts closest to liquidation, funding`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { mark: { type: 'string', multiple: true } },
    })
    if (positionals.length > 0) throw new UsageError(USAGE)
    const given = new Map<string, DecimalString>()
    for (const m of values.mark ?? []) {
      const match = /^([a-z0-9]{2,20})=(\d+(\.\d+)?)$/.exec(m)
      if (!match) throw new UsageError(`--mark takes SYMBOL=PRICE, got "${m}"\n${USAGE}`)
      given.set(match[1]!, parseDecimal(match[2]!))
    }
    const recorded = await recordedPrices(db)
    const markOf = (s: string) => given.get(s) ?? recorded.get(s)
    const source = (s: string) => (given.has(s) ? '--mark' : recorded.has(s) ? 'last traded' : 'no price')
    printRiskOverview(await riskOverview(db, markOf), source, io)
  },
}

export const RISK_COMMANDS: readonly AdminCommand[] = [riskCommand]
