/**
 * Operator commands of trading (issue 11): a market's trading terms — fee rates, smallest order, slippage cap of
 * market orders, order precisions, spot and micro open or closed — and the second-contract products. The same
 * services as `admin/market_trade_config` and `admin/micro_product_save`; and voiding an open second contract
 * (`admin/micro_void`).
 */
import { parseArgs } from 'node:util'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { MarketTradeConfig } from '../../../common/api/trade'
import { and, asc, eq } from 'drizzle-orm'
import { microProducts } from '../../db/schema'
import { saveProduct } from '../../trading/micro/products'
import { voidMicro } from '../../trading/micro/void'
import { saveTradeTerms, termsView, tradeTerms } from '../../trading/spot/config'
import { withDomainErrors } from './errors'
import { UsageError, type AdminCommand } from './types'

const USAGE =
  'markets trade-config <symbol> [--taker R] [--maker R] [--min N] [--slippage R] [--spot open|closed] [--micro open|closed] [--price-precision N] [--amount-precision N] [--price-max-age-ms N|default]'

function line(c: MarketTradeConfig): string {
  return `${c.symbol} (${c.base}/${c.quote}): taker ${c.taker_fee_rate}, maker ${c.maker_fee_rate}, min ${c.min_amount} ${c.base}, slippage cap ${c.slippage_cap}, spot ${c.spot_open ? 'open' : 'closed'}, micro ${c.micro_open ? 'open' : 'closed'}, price decimals ${c.price_precision}, amount decimals ${c.amount_precision}, price max age ${c.price_max_age_ms} ms`
}

const tradeConfig: AdminCommand = {
  name: 'markets trade-config',
  usage: `  ${USAGE}\n                              show a market's trading terms, or change the ones given (rates are fractions: 0.002 = 0.2%; the price max age is the oldest feed price that may move money, 100–60000 ms, default 2000)`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        taker: { type: 'string' },
        maker: { type: 'string' },
        min: { type: 'string' },
        slippage: { type: 'string' },
        spot: { type: 'string' },
        micro: { type: 'string' },
        'price-precision': { type: 'string' },
        'amount-precision': { type: 'string' },
        'price-max-age-ms': { type: 'string' },
      },
    })
    const [symbol] = positionals
    if (positionals.length !== 1 || !symbol) throw new UsageError(USAGE)
    const was = await tradeTerms(db, symbol)
    if (!was) throw new Error(`${symbol}: no such market (npm run admin -- markets list)`)
    if (Object.values(values).every((v) => v === undefined)) return io.out(line(termsView(was)))
    const decimal = (v: string | undefined, old: DecimalString): DecimalString => {
      if (v === undefined) return old
      if (!/^\d+(\.\d+)?$/.test(v)) throw new UsageError(`expected a decimal number, got "${v}"\n${USAGE}`)
      return parseDecimal(v)
    }
    const openClosed = (v: string | undefined, name: string, old: boolean) => {
      if (v === undefined) return old
      if (v !== 'open' && v !== 'closed') throw new UsageError(`--${name} must be open or closed`)
      return v === 'open'
    }
    const digits = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined
      if (!/^\d{1,2}$/.test(v) || Number(v) > 12) throw new UsageError(`--${name} must be a whole number 0–12`)
      return Number(v)
    }
    const maxAge = (v: string | undefined): number | null | undefined => {
      if (v === undefined) return undefined
      if (v === 'default') return null
      if (!/^\d{3,5}$/.test(v) || Number(v) < 100 || Number(v) > 60_000) {
        throw new UsageError('--price-max-age-ms must be a whole number of milliseconds 100–60000, or default')
      }
      return Number(v)
    }
    const saved = await withDomainErrors(symbol, () =>
      saveTradeTerms(db, {
        symbol,
        taker_fee_rate: decimal(values.taker, was.takerFeeRate),
        maker_fee_rate: decimal(values.maker, was.makerFeeRate),
        min_amount: decimal(values.min, was.minAmount),
        slippage_cap: decimal(values.slippage, was.slippageCap),
        spot_open: openClosed(values.spot, 'spot', was.spotOpen),
        micro_open: openClosed(values.micro, 'micro', was.microOpen),
        price_precision: digits(values['price-precision'], 'price-precision'),
        amount_precision: digits(values['amount-precision'], 'amount-precision'),
        price_max_age_ms: maxAge(values['price-max-age-ms']),
      }),
    )
    io.out(line(saved))
  },
}

const MICRO_USAGE = 'micro set <symbol> <seconds> [--payout R] [--min N] [--fee R] [--enabled yes|no]'

const microList: AdminCommand = {
  name: 'micro list',
  usage: '  micro list                  second-contract products: payout rate, minimum stake, fee rate',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('micro list')
    const rows = await db.select().from(microProducts).orderBy(asc(microProducts.symbol), asc(microProducts.durationS))
    for (const p of rows) {
      io.out(
        `${p.symbol.padEnd(10)} ${String(p.durationS).padStart(5)} s  payout ${parseDecimal(p.payoutRate)}  min ${parseDecimal(p.minAmount)}  fee ${parseDecimal(p.feeRate)}  ${p.enabled ? 'open' : 'closed'}`,
      )
    }
  },
}

const microSet: AdminCommand = {
  name: 'micro set',
  usage: `  ${MICRO_USAGE}\n                              create or change a product (rates are fractions: 0.85 pays 85% on top of the stake)`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        payout: { type: 'string' },
        min: { type: 'string' },
        fee: { type: 'string' },
        enabled: { type: 'string' },
      },
    })
    const [symbol, seconds] = positionals
    if (positionals.length !== 2 || !symbol || !seconds || !/^\d{1,5}$/.test(seconds)) throw new UsageError(MICRO_USAGE)
    const [was] = await db
      .select()
      .from(microProducts)
      .where(and(eq(microProducts.symbol, symbol), eq(microProducts.durationS, Number(seconds))))
    const decimal = (v: string | undefined, old: string | undefined, name: string): DecimalString => {
      const value = v ?? old
      if (value === undefined) throw new UsageError(`--${name} is needed for a new product\n${MICRO_USAGE}`)
      if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`--${name}: expected a decimal number, got "${value}"`)
      return parseDecimal(value)
    }
    if (values.enabled !== undefined && values.enabled !== 'yes' && values.enabled !== 'no') {
      throw new UsageError('--enabled must be yes or no')
    }
    const saved = await withDomainErrors(`${symbol} ${seconds} s`, () =>
      saveProduct(db, {
        symbol,
        duration_s: Number(seconds),
        payout_rate: decimal(values.payout, was?.payoutRate, 'payout'),
        min_amount: decimal(values.min, was?.minAmount, 'min'),
        fee_rate: decimal(values.fee, was?.feeRate ?? '0', 'fee'),
        enabled: values.enabled === undefined ? (was?.enabled ?? true) : values.enabled === 'yes',
      }),
    )
    io.out(
      `${saved.symbol} ${saved.duration_s} s: payout ${saved.payout_rate}, min ${saved.min_amount} ${saved.currency}, fee ${saved.fee_rate}`,
    )
  },
}

const MICRO_VOID_USAGE = 'micro void <id>'

/** An operator voids an open second contract (issue 21 part 8): stake and fee back, audited. */
const microVoid: AdminCommand = {
  name: 'micro void',
  usage: `  ${MICRO_VOID_USAGE.padEnd(28)}void an open options order: its stake and fee go back to the user (audited)`,
  async run(db, args, io) {
    const [id] = args
    if (args.length !== 1 || !id || !/^[1-9]\d{0,9}$/.test(id)) throw new UsageError(MICRO_VOID_USAGE)
    const o = await withDomainErrors(`options order ${id}`, () => voidMicro(db, Number(id), { operatorId: null }))
    io.out(`options order ${o.id} voided: ${o.amount} ${o.currency} + fee ${o.fee} back to the user`)
  },
}

export const TRADING_COMMANDS: readonly AdminCommand[] = [tradeConfig, microList, microSet, microVoid]
