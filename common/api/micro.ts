/**
 * Second contracts ("micro", issue 11 part 2; spec §3 "Second-contract order": direction rise/fall, trading asset,
 * quantity, delivery time, fee, minimum buy, amount, open and close time and price, profit/loss, percentage). A user
 * stakes an amount of the quote currency (USDT) from the options wallet on the price rising or falling over a fixed
 * duration: the open price is the feed price when the order is accepted, the close price the first feed price at or
 * after expiry; a win pays the stake plus stake × payout rate, a loss keeps the stake, an equal price gives it back.
 */
import * as z from 'zod/mini'
import { amountField } from './assets'
import { CLIENT_OID } from './trade'
import { idSchema } from './ids'

export const MICRO_DIRECTIONS = ['up', 'down'] as const
export type MicroDirection = (typeof MICRO_DIRECTIONS)[number]
/**
 * `open` until settled; then `won`, `lost` or `draw` (equal prices: the stake comes back), or `voided` (no price
 * within 10 s after delivery, or an operator's decision: stake and fee come back; `void_reason` says why).
 */
export const MICRO_STATES = ['open', 'won', 'lost', 'draw', 'voided'] as const
export type MicroState = (typeof MICRO_STATES)[number]
/** Why an order was voided: `no_price` (the feed sent no price within 10 s after delivery) or `operator`. */
export const MICRO_VOID_REASONS = ['no_price', 'operator'] as const
export type MicroVoidReason = (typeof MICRO_VOID_REASONS)[number]

const money = z.string()
const symbolField = z.string().check(z.regex(/^[a-z0-9]{2,20}$/))
const durationField = z.int().check(z.minimum(5), z.maximum(86_400))

/** A product: a symbol and a duration (s), with its payout rate (0.85 = 85 % on top of the stake), minimum and fee. */
export const microProductSchema = z.object({
  symbol: z.string(),
  duration_s: z.int(),
  payout_rate: money,
  /** Smallest stake, quote currency. */
  min_amount: money,
  /** Fee as a fraction of the stake, charged at placement. */
  fee_rate: money,
  /** The currency stakes are in (the market's quote). */
  currency: z.string(),
})
export type MicroProduct = z.infer<typeof microProductSchema>

/** GET micro/products: the open products, of one symbol when given. */
export const microProductsQuery = z.object({ symbol: z.optional(symbolField) })

/** POST micro/order_place (Idempotency-Key). */
export const microPlaceInput = z.object({
  symbol: symbolField,
  direction: z.enum(MICRO_DIRECTIONS),
  duration_s: durationField,
  amount: amountField,
  client_oid: z.string().check(z.regex(CLIENT_OID)),
})
export type MicroPlaceInput = z.infer<typeof microPlaceInput>

/** A second-contract order. Times `YYYY-MM-DD HH:mm:ss` UTC; `*_ts` the feed events' times, epoch ms. */
export const microOrderSchema = z.object({
  id: z.int(),
  symbol: z.string(),
  direction: z.enum(MICRO_DIRECTIONS),
  duration_s: z.int(),
  /** The stake. */
  amount: money,
  currency: z.string(),
  fee: money,
  payout_rate: money,
  open_price: money,
  open_ts: z.int(),
  /** When it settles: open time + duration. */
  delivery_at: z.string(),
  close_price: z.nullable(money),
  close_ts: z.nullable(z.int()),
  status: z.enum(MICRO_STATES),
  /** Why it was voided (status `voided`), else null; absent from answers of servers before voiding existed. */
  void_reason: z._default(z.nullable(z.enum(MICRO_VOID_REASONS)), null),
  /** Profit or loss against the stake (fee not included); null while open. */
  pnl: z.nullable(money),
  /** pnl / stake × 100, two decimals; null while open. */
  percentage: z.nullable(money),
  client_oid: z.string(),
  created_at: z.string(),
  settled_at: z.nullable(z.string()),
})
export type MicroOrder = z.infer<typeof microOrderSchema>

/** POST admin/micro_void: void an open second contract (stake and fee back to the user). */
export const microVoidInput = z.object({ id: idSchema })
export type MicroVoidInput = z.infer<typeof microVoidInput>

/** GET micro/order_list: `open` or `settled` (default both), newest first. */
export const microOrderListQuery = z.object({
  state: z.optional(z.enum(['open', 'settled'])),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20),
})
export type MicroOrderListQuery = z.infer<typeof microOrderListQuery>

export const microOrderListSchema = z.object({
  list: z.array(microOrderSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/** POST admin/micro_product_save: create or change a product (`enabled` false closes it to new orders). */
export const microProductSaveInput = z.object({
  symbol: symbolField,
  duration_s: durationField,
  payout_rate: amountField,
  min_amount: amountField,
  fee_rate: amountField,
  enabled: z.boolean(),
})
export type MicroProductSaveInput = z.infer<typeof microProductSaveInput>
