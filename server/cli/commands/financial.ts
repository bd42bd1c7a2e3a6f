/**
 * Operator commands of the financial products (issue 12 part 2): list them, create or change one (the same service
 * as `admin/financial_product_save`), list subscriptions; and the test-only clock of the financial products
 * (server/trading/earn/clock.ts), refused unless the server runs with CLOCK_CONTROL=1.
 */
import { parseArgs } from 'node:util'
import { desc, eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { multiply, parseDecimal } from '../../../common/amount'
import { financialProductSaveInput, type FinancialProductAdmin } from '../../../common/api/financial'
import { LOCALES } from '../../../common/constants'
import { financialOrders } from '../../db/schema'
import { advanceClock, DAY_MS, parseDuration, readClockOffset } from '../../trading/earn/clock'
import { listAllProducts, productById, saveFinancialProduct } from '../../trading/earn/products'
import { formatUtc } from '../../db/announcements'
import { withDomainErrors } from './errors'
import { UsageError, type AdminCommand } from './types'

const SAVE_USAGE =
  'financial product-save [--id N] [--name-en T] [--name-<locale> T…] [--currency C] [--daily R] [--cycle DAYS] [--min N] [--max N] [--fee R] [--enabled yes|no] [--sort N]'

const pct = (rate: string) => `${rate} (${multiply(parseDecimal(rate), parseDecimal('100'))}%)`

function line(p: FinancialProductAdmin): string {
  return `#${p.id} ${p.names.en} (${p.currency}, ${p.cycle_days} d): daily ${pct(p.daily_rate)}, annual ${p.annual_rate}, min ${p.min_amount}, max ${p.max_amount}, early fee ${pct(p.early_redeem_fee_rate)}, ${p.enabled ? 'open' : 'closed'}, sort ${p.sort}`
}

const products: AdminCommand = {
  name: 'financial products',
  usage: '  financial products          financial products: names, rates (fractions), cycle, bounds, early fee',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('financial products')
    const all = await listAllProducts(db)
    if (all.length === 0) io.out('(no products)')
    for (const p of all) io.out(line(p))
  },
}

const nameOptions = Object.fromEntries(LOCALES.map((l) => [`name-${l}`, { type: 'string' as const }]))

const productSave: AdminCommand = {
  name: 'financial product-save',
  usage: `  ${SAVE_USAGE}\n                              create a product (all of name-en, currency, daily, cycle, min, max, fee) or change product --id (only the options given)`,
  async run(db, args, io) {
    const { values } = parseArgs({
      args,
      strict: true,
      options: {
        id: { type: 'string' },
        currency: { type: 'string' },
        daily: { type: 'string' },
        cycle: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        fee: { type: 'string' },
        enabled: { type: 'string' },
        sort: { type: 'string' },
        ...nameOptions,
      },
    })
    const v = values as Record<string, string | undefined>
    if (v.id !== undefined && !/^\d{1,9}$/.test(v.id))
      throw new UsageError(`--id must be a product number\n${SAVE_USAGE}`)
    if (v.enabled !== undefined && v.enabled !== 'yes' && v.enabled !== 'no') {
      throw new UsageError('--enabled must be yes or no')
    }
    const was = v.id === undefined ? undefined : await productById(db, Number(v.id))
    if (v.id !== undefined && !was)
      throw new Error(`no financial product #${v.id} (npm run admin -- financial products)`)
    const names = { ...was?.names }
    for (const l of LOCALES) if (v[`name-${l}`] !== undefined) names[l] = v[`name-${l}`]
    const whole = (text: string | undefined, old: number | undefined) => (text === undefined ? old : Number(text))
    const raw = {
      ...(v.id === undefined ? {} : { id: Number(v.id) }),
      names,
      currency: v.currency ?? was?.currency,
      daily_rate: v.daily ?? was?.dailyRate,
      cycle_days: whole(v.cycle, was?.cycleDays),
      min_amount: v.min ?? was?.minAmount,
      max_amount: v.max ?? was?.maxAmount,
      early_redeem_fee_rate: v.fee ?? was?.earlyRedeemFeeRate,
      enabled: v.enabled === undefined ? (was?.enabled ?? true) : v.enabled === 'yes',
      ...(v.sort === undefined ? {} : { sort: Number(v.sort) }),
    }
    const parsed = z.safeParse(financialProductSaveInput, raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new UsageError(`${issue?.path.join('.') ?? 'input'}: ${issue?.message ?? 'invalid'}\n${SAVE_USAGE}`)
    }
    io.out(line(await withDomainErrors('financial product', () => saveFinancialProduct(db, parsed.data))))
  },
}

const orders: AdminCommand = {
  name: 'financial orders',
  usage: '  financial orders [--user ID] [--limit N]\n                              subscriptions, newest first',
  async run(db, args, io) {
    const { values } = parseArgs({
      args,
      strict: true,
      options: { user: { type: 'string' }, limit: { type: 'string' } },
    })
    const limit = Math.min(500, Number(values.limit ?? 50) || 50)
    const rows = await db
      .select()
      .from(financialOrders)
      .where(values.user === undefined ? undefined : eq(financialOrders.userId, Number(values.user)))
      .orderBy(desc(financialOrders.id))
      .limit(limit)
    if (rows.length === 0) io.out('(no subscriptions)')
    for (const o of rows) {
      io.out(
        `#${o.id} user ${o.userId} ${o.book} product ${o.productId}: ${parseDecimal(o.amount)} ${o.currency}, bought ${formatUtc(o.boughtAt)} UTC, ${o.daysPaid}/${o.cycleDays} days paid, income ${parseDecimal(o.income)}, ${o.status}${o.redeemedEarly ? ` early, fee ${parseDecimal(o.redeemFee ?? '0')}` : ''}`,
      )
    }
  },
}

const showOffset = (ms: number) => `financial clock offset ${ms} ms (${(ms / DAY_MS).toFixed(3)} days)`

const clockAdvance: AdminCommand = {
  name: 'clock advance',
  usage:
    '  clock advance <duration>    (tests only, needs CLOCK_CONTROL=1) move the financial products\u2019 clock forward: 1d, 12h, 1d6h, 90s',
  async run(db, args, io) {
    const ms = args.length === 1 ? parseDuration(args[0]!) : undefined
    if (ms === undefined) throw new UsageError('clock advance <duration>, e.g. 1d, 12h, 30m, 90s')
    io.out(showOffset(await advanceClock(db, ms)))
  },
}

const clockShow: AdminCommand = {
  name: 'clock show',
  usage: '  clock show                  the financial clock offset (tests only)',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('clock show')
    io.out(showOffset(await readClockOffset(db)))
  },
}

const clockReset: AdminCommand = {
  name: 'clock reset',
  usage: '  clock reset                 the financial clock back to real time (tests only, needs CLOCK_CONTROL=1)',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('clock reset')
    io.out(showOffset(await advanceClock(db, 0, { reset: true })))
  },
}

export const FINANCIAL_COMMANDS: readonly AdminCommand[] = [
  products,
  productSave,
  orders,
  clockAdvance,
  clockShow,
  clockReset,
]
