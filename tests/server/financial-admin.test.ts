/**
 * Operators and the financial products (issue 12 part 2): `admin/financial_product_save` creates and changes products
 * (bad terms refused by field, users refused), `admin/financial_products` lists every one; the same from the command
 * line (`financial products`, `financial product-save`, `financial orders`); a closed product refuses subscriptions;
 * a subscription keeps the terms it was bought at; `clock advance` moves the financial clock only on a server that
 * allows it (CLOCK_CONTROL=1), and refuses otherwise; first start seeds the products once.
 */
import { describe, expect, it } from 'vitest'
import type { FinancialProductAdmin } from '../../common/api/financial'
import { runAdmin } from '../../server/cli/admin-commands'
import { seedDatabase } from '../../server/db/seed'
import { financialProducts, settings } from '../../server/db/schema'
import { markClockControl, readClockOffset } from '../../server/trading/earn/clock'
import { seedFinancialProducts } from '../../server/trading/earn/seed-products'
import { eq } from 'drizzle-orm'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'
import { buy, expectBalancedLedger, investor, orderOf, suiteOn } from './financial-fixtures'

const NEW_PRODUCT = {
  names: { en: 'USDT 14-Day Boost', 'zh-CN': 'USDT 14天加息' },
  currency: 'usdt',
  daily_rate: '0.001',
  cycle_days: 14,
  min_amount: '50',
  max_amount: '5000',
  early_redeem_fee_rate: '0.02',
  enabled: true,
  sort: 5,
}

function cli(s: ReturnType<typeof suiteOn>) {
  const out: string[] = []
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) }
  return { out, run: (...argv: string[]) => runAdmin(s.db, argv, io) }
}

function describeAdmin(name: string, open: Parameters<typeof suiteOn>[0]) {
  describe(`financial products for operators on ${name}`, () => {
    const s = suiteOn(open)

    it('creates, lists and changes products through the admin calls; refuses bad terms by field', async () => {
      const save = (body: object, token = s.operator.token) =>
        moneyCall<FinancialProductAdmin>(s.t.app, token, 'POST', 'admin/financial_product_save', body)
      const made = await save(NEW_PRODUCT)
      expect(made.body.data).toMatchObject({ name: 'USDT 14-Day Boost', currency: 'USDT', annual_rate: '0.365' })
      const user = await makeUser(s.db)
      expect((await save(NEW_PRODUCT, user.token)).status).toBe(403)
      const refuse = async (patch: object, field: string) =>
        expect((await save({ ...NEW_PRODUCT, ...patch })).body, JSON.stringify(patch)).toMatchObject({
          data: { field },
        })
      await refuse({ daily_rate: '1.2' }, 'daily_rate')
      await refuse({ max_amount: '20' }, 'max_amount')
      await refuse({ min_amount: '0' }, 'min_amount')
      await refuse({ early_redeem_fee_rate: '1' }, 'early_redeem_fee_rate')
      await refuse({ currency: 'NOPE' }, 'currency')
      await refuse({ cycle_days: 0 }, 'cycle_days')
      await refuse({ names: { 'zh-CN': '只有中文' } }, 'names.en')
      await refuse({ id: 999_999 }, 'id')

      const u = await investor(s, '1000')
      const bought = (await buy(s, u, made.body.data.id, '100')).body.data
      const changed = await save({ ...NEW_PRODUCT, id: made.body.data.id, daily_rate: '0.002', enabled: false })
      expect(changed.body.data).toMatchObject({ daily_rate: '0.002', enabled: false })
      const closed = await buy(s, u, made.body.data.id, '100')
      expect(closed.body).toMatchObject({
        msg: 'This product is not open for subscription',
        data: { field: 'product_id' },
      })
      expect(await orderOf(s, u, bought.id), 'terms as bought').toMatchObject({ daily_rate: '0.001' })
      const publicList = await moneyCall<{ id: number }[]>(s.t.app, '', 'GET', 'financial/products')
      expect(publicList.body.data.map((p) => p.id)).not.toContain(made.body.data.id)
      const all = await moneyCall<FinancialProductAdmin[]>(s.t.app, s.operator.token, 'GET', 'admin/financial_products')
      expect(all.body.data.find((p) => p.id === made.body.data.id)).toMatchObject({
        enabled: false,
        names: { en: 'USDT 14-Day Boost', 'zh-CN': 'USDT 14天加息' },
      })
      await expectBalancedLedger(s)
    })

    it('does the same from the command line', async () => {
      const c = cli(s)
      expect(await c.run('financial', 'products')).toBe(0)
      expect(c.out.find((l) => l.includes('7-Day'))).toMatch(
        /^#\d+ USDT 7-Day Savings \(USDT, 7 d\): daily 0\.0005 \(0\.05%\), annual 0\.1825/,
      )
      expect(
        await c
          .run('financial', 'product-save', '--name-en', 'BTC 30-Day', '--currency', 'BTC', '--daily', '0.0001')
          .then(() => c.out.at(-1)),
      ).toMatch(/cycle_days/) // a new product needs every term
      const code = await c.run(
        ...['financial', 'product-save', '--name-en', 'BTC 30-Day', '--name-ja', 'BTC 30日', '--currency', 'BTC'],
        ...['--daily', '0.0001', '--cycle', '30', '--min', '0.001', '--max', '2', '--fee', '0.01'],
      )
      expect(code).toBe(0)
      const id = /^#(\d+)/.exec(c.out.at(-1)!)![1]!
      expect(c.out.at(-1)).toContain('BTC 30-Day (BTC, 30 d): daily 0.0001 (0.01%), annual 0.0365, min 0.001, max 2')
      expect(await c.run('financial', 'product-save', '--id', id, '--max', '0.0001')).toBe(1)
      expect(c.out.at(-1)).toBe(
        'error: financial product: The maximum subscription must be at least the minimum [max_amount]',
      )
      expect(await c.run('financial', 'product-save', '--id', id, '--enabled', 'no')).toBe(0)
      expect(c.out.at(-1)).toMatch(/max 2, early fee 0\.01 \(1%\), closed/)
      const [row] = await s.db
        .select()
        .from(financialProducts)
        .where(eq(financialProducts.id, Number(id)))
      expect(row!.names).toEqual({ en: 'BTC 30-Day', ja: 'BTC 30日' })
      expect(await c.run('financial', 'orders', '--limit', '1')).toBe(0)
      expect(c.out.at(-1)).toMatch(/^#\d+ user \d+ live product \d+: 100 USDT, bought .* UTC, 0\/14 days paid/)
    })

    it('moves the financial clock only when the server allows it', async () => {
      const c = cli(s)
      await markClockControl(s.db, false)
      expect(await c.run('clock', 'advance', '1d')).toBe(1)
      expect(c.out.at(-1)).toBe(
        'error: the server does not allow clock control: start it with CLOCK_CONTROL=1 (for tests only)',
      )
      const before = await readClockOffset(s.db)
      await markClockControl(s.db, true)
      expect(await c.run('clock', 'advance', '1d12h')).toBe(0)
      expect(await readClockOffset(s.db)).toBe(before + 36 * 3_600_000)
      expect(await c.run('clock', 'advance', 'tomorrow')).toBe(2)
      expect(await c.run('clock', 'reset')).toBe(0)
      expect(await c.run('clock', 'show')).toBe(0)
      expect(c.out.at(-1)).toBe('financial clock offset 0 ms (0.000 days)')
    })

    it('seeds the products once: an operator closing or renaming one keeps it so', async () => {
      await s.db.update(financialProducts).set({ enabled: false }).where(eq(financialProducts.cycleDays, 7))
      await s.db.delete(settings).where(eq(settings.key, 'seed_stamp'))
      await seedDatabase(s.db)
      await seedFinancialProducts(s.db)
      const sevens = await s.db.select().from(financialProducts).where(eq(financialProducts.cycleDays, 7))
      expect(sevens.map((p) => p.enabled)).toEqual([false])
    })
  })
}

describeAdmin('PGlite', () => pgliteTestDb())
await describePostgres('financial products for operators', (open) => describeAdmin('PostgreSQL', open))
