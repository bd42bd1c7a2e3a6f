/**
 * Second-contract products (issue 11 part 2): per market and duration, the payout rate, the smallest stake and the
 * fee rate. First start seeds 30, 60, 120 and 300 s for the default pairs (MICRO_DEFAULTS); operators change them
 * with `admin/micro_product_save` or `npm run admin -- micro set`.
 */
import { and, asc, eq } from 'drizzle-orm'
import { compare, parseDecimal, sign } from '../../../common/amount'
import type { MicroProduct, MicroProductSaveInput } from '../../../common/api/micro'
import type { Db } from '../../db/client'
import { markets, microProducts } from '../../db/schema'
import { fieldError } from '../../money/amounts'

/**
 * Products written at first start: BTC/USDT and ETH/USDT (the default option pair is BTC/USDT, spec §3 dealSymbol)
 * at 30, 60, 120 and 300 s, paying 80–90 % on top of the stake (longer durations pay more, as such platforms do),
 * from 10 USDT, no fee.
 */
export const MICRO_DEFAULTS = ['btcusdt', 'ethusdt'].flatMap((symbol) =>
  (
    [
      [30, '0.8'],
      [60, '0.85'],
      [120, '0.88'],
      [300, '0.9'],
    ] as const
  ).map(([durationS, payoutRate]) => ({ symbol, durationS, payoutRate, minAmount: '10', feeRate: '0' })),
)

/** Inserts the default products that are missing (an operator's changes stay). */
export async function seedMicroProducts(db: Db): Promise<void> {
  await db.insert(microProducts).values(MICRO_DEFAULTS).onConflictDoNothing()
}

type ProductRow = typeof microProducts.$inferSelect

function view(p: ProductRow, currency: string): MicroProduct {
  return {
    symbol: p.symbol,
    duration_s: p.durationS,
    payout_rate: String(parseDecimal(p.payoutRate)),
    min_amount: String(parseDecimal(p.minAmount)),
    fee_rate: String(parseDecimal(p.feeRate)),
    currency,
  }
}

/** The open products (of `symbol` when given) of markets open for options, by symbol and duration. */
export async function listProducts(db: Db, symbol?: string): Promise<MicroProduct[]> {
  const rows = await db
    .select({ p: microProducts, quote: markets.quote })
    .from(microProducts)
    .innerJoin(markets, eq(markets.symbol, microProducts.symbol))
    .where(
      and(
        eq(microProducts.enabled, true),
        eq(markets.tradableOption, true),
        symbol ? eq(microProducts.symbol, symbol) : undefined,
      ),
    )
    .orderBy(asc(microProducts.symbol), asc(microProducts.durationS))
  return rows.map((r) => view(r.p, r.quote))
}

/** The product of `symbol` and `durationS` with its market's quote currency, enabled or not; undefined if none. */
export async function productOf(db: Db, symbol: string, durationS: number) {
  const [r] = await db
    .select({ p: microProducts, base: markets.base, quote: markets.quote, open: markets.tradableOption })
    .from(microProducts)
    .innerJoin(markets, eq(markets.symbol, microProducts.symbol))
    .where(and(eq(microProducts.symbol, symbol), eq(microProducts.durationS, durationS)))
  return r
}

/**
 * Creates or changes a product.
 * @throws DomainError naming the field: `marketUnknown` (symbol), `payoutRateInvalid` (payout_rate: above 0, at most
 *   10), `amountNotPositive` (min_amount), `feeRateInvalid` (fee_rate: 0 up to, not including, 1)
 */
export async function saveProduct(db: Db, input: MicroProductSaveInput): Promise<MicroProduct> {
  const payout = parseDecimal(input.payout_rate)
  if (sign(payout) <= 0 || compare(payout, parseDecimal('10')) > 0) throw fieldError('payout_rate', 'payoutRateInvalid')
  const min = parseDecimal(input.min_amount)
  if (sign(min) <= 0) throw fieldError('min_amount', 'amountNotPositive')
  const fee = parseDecimal(input.fee_rate)
  if (sign(fee) < 0 || compare(fee, parseDecimal('1')) >= 0) throw fieldError('fee_rate', 'feeRateInvalid')
  const [m] = await db.select().from(markets).where(eq(markets.symbol, input.symbol))
  if (!m) throw fieldError('symbol', 'marketUnknown')
  const row = { payoutRate: payout, minAmount: min, feeRate: fee, enabled: input.enabled, updatedAt: new Date() }
  const [saved] = await db
    .insert(microProducts)
    .values({ symbol: input.symbol, durationS: input.duration_s, ...row })
    .onConflictDoUpdate({ target: [microProducts.symbol, microProducts.durationS], set: row })
    .returning()
  return view(saved!, m.quote)
}
