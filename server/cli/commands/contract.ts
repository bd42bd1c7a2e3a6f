/**
 * Operator commands of futures (issue 12): a market's contract terms (leverage range, maintenance margin rate, fee
 * rates, smallest order, open or closed) and a look at the open positions. The same service as `admin/contract_config`.
 */
import { parseArgs } from 'node:util'
import { asc, eq } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { ContractMarket } from '../../../common/api/contract'
import { contractPositions } from '../../db/schema'
import { contractMarketView, contractTerms, saveContractTerms } from '../../trading/contract/config'
import { withDomainErrors } from './errors'
import { RISK_OPTIONS, riskInput, riskLine } from './risk-config'
import { UsageError, type AdminCommand } from './types'

const USAGE =
  'contract config <symbol> [--min-leverage N] [--max-leverage N] [--mmr R] [--taker R] [--maker R] [--min N] [--open yes|no] [--tiers CAP:LEVERAGE:RATE,…|default] [--max-position N|default] [--max-oi N|default] [--max-exposure N|default] [--clearance R|default]'

function line(c: ContractMarket): string {
  return `${c.symbol} (${c.base}/${c.quote}): leverage ${c.min_leverage}–${c.max_leverage}×, maintenance margin ${c.maintenance_margin_rate}, taker ${c.taker_fee_rate}, maker ${c.maker_fee_rate}, min ${c.min_amount} ${c.base}, ${c.open ? 'open' : 'closed'}`
}

const contractConfigCommand: AdminCommand = {
  name: 'contract config',
  usage: `  ${USAGE}\n                              show a market's futures terms, or change the ones given (rates are fractions: 0.005 = 0.5%)`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        'min-leverage': { type: 'string' },
        'max-leverage': { type: 'string' },
        mmr: { type: 'string' },
        taker: { type: 'string' },
        maker: { type: 'string' },
        min: { type: 'string' },
        open: { type: 'string' },
        ...RISK_OPTIONS,
      },
    })
    const [symbol] = positionals
    if (positionals.length !== 1 || !symbol) throw new UsageError(USAGE)
    const was = await contractTerms(db, symbol)
    if (!was) throw new Error(`${symbol}: no such market (npm run admin -- markets list)`)
    if (Object.values(values).every((v) => v === undefined)) {
      io.out(riskLine(was))
      return io.out(line(contractMarketView(was)))
    }
    const risk = riskInput(values, USAGE)
    // A new ladder brings its first tier's leverage and rate unless they are given too.
    const first = risk.risk_tiers?.[0]
    const decimal = (v: string | undefined, old: DecimalString): DecimalString => {
      if (v === undefined) return old
      if (!/^\d+(\.\d+)?$/.test(v)) throw new UsageError(`expected a decimal number, got "${v}"\n${USAGE}`)
      return parseDecimal(v)
    }
    const whole = (v: string | undefined, name: string, old: number) => {
      if (v === undefined) return old
      if (!/^\d{1,3}$/.test(v)) throw new UsageError(`--${name} must be a whole number`)
      return Number(v)
    }
    if (values.open !== undefined && values.open !== 'yes' && values.open !== 'no') {
      throw new UsageError('--open must be yes or no')
    }
    const saved = await withDomainErrors(symbol, () =>
      saveContractTerms(db, {
        symbol,
        min_leverage: whole(values['min-leverage'], 'min-leverage', was.minLeverage),
        max_leverage: whole(values['max-leverage'], 'max-leverage', first?.max_leverage ?? was.maxLeverage),
        maintenance_margin_rate: decimal(
          values.mmr,
          first ? parseDecimal(first.maintenance_margin_rate) : was.maintenanceMarginRate,
        ),
        taker_fee_rate: decimal(values.taker, was.takerFeeRate),
        maker_fee_rate: decimal(values.maker, was.makerFeeRate),
        min_amount: decimal(values.min, was.minAmount),
        open: values.open === undefined ? was.open : values.open === 'yes',
        ...risk,
      }),
    )
    io.out(riskLine((await contractTerms(db, symbol))!))
    io.out(line(saved))
  },
}

const positionsCommand: AdminCommand = {
  name: 'contract positions',
  usage: '  contract positions          open futures positions: user, book, side, size, leverage, margin, entry, TP/SL',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('contract positions')
    const rows = await db
      .select()
      .from(contractPositions)
      .where(eq(contractPositions.status, 'open'))
      .orderBy(asc(contractPositions.id))
    if (rows.length === 0) return io.out('no open positions')
    for (const p of rows) {
      const d = (v: string | null) => (v === null ? '-' : String(parseDecimal(v)))
      io.out(
        `#${p.id} user ${p.userId} ${p.book} ${p.symbol} ${p.side} ${d(p.amount)} ×${p.leverage} margin ${d(p.margin)} entry ${d(p.openPrice)} tp ${d(p.tp)} sl ${d(p.sl)}`,
      )
    }
  },
}

export const CONTRACT_COMMANDS: readonly AdminCommand[] = [contractConfigCommand, positionsCommand]
