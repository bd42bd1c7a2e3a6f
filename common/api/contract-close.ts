/**
 * Reduce-only orders (issue 21 part 1): orders that can only reduce one open position, as Binance USDⓈ-M futures'
 * `reduceOnly=true` orders do ("ensures the order only reduces a position, never increases it"; with
 * `closePosition=true` a conditional order closes the whole position). Here the order names the position it reduces
 * (positions are one per filled order, hedge-style), holds no margin, and:
 * - `market`: closes `amount` of the position at once at the book's VWAP (as POST contract/position_close with amount);
 * - `limit`: a long's close is a sell and a short's a buy; one that crosses the book executes at once as a taker, else it
 *   rests and fills at its own price from feed prints through it (a long's when a print is at or above its price, a
 *   short's at or below), at most the size printed (shared with the resting opening orders), possibly in parts (the
 *   maker fee); each fill closes a part of the position through the same netting as a close at market.
 * It never flips a position: a fill closes at most what is still open, and once the position is closed (by the user,
 * its TP/SL, another order or a liquidation) its pending reduce-only orders are cancelled.
 */
import * as z from 'zod/mini'
import { amountField } from './assets'
import { CONTRACT_SIDES, money, symbolField } from './contract-fields'
import { idSchema } from './ids'
import { ORDER_TYPES } from './trade'

/** POST contract/close_order (Idempotency-Key): `id` the position; `price` for a limit order only. */
export const closeOrderInput = z.object({
  id: idSchema,
  type: z.enum(ORDER_TYPES),
  price: z.optional(amountField),
  amount: amountField,
})
export type CloseOrderInput = z.infer<typeof closeOrderInput>

/** A reduce-only order as contract/close_order and contract/close_orders answer it. */
export const closeOrderSchema = z.object({
  id: z.int(),
  position_id: z.int(),
  symbol: z.string(),
  /** The position's side (a long's close sells). */
  side: z.enum(CONTRACT_SIDES),
  type: z.enum(ORDER_TYPES),
  price: z.nullable(money),
  /** Base currency: what it may close, and what its fills closed so far. */
  amount: money,
  filled: money,
  status: z.enum(['pending', 'filled', 'cancelled']),
  reduce_only: z.literal(true),
  created_at: z.string(),
  updated_at: z.string(),
})
export type CloseOrder = z.infer<typeof closeOrderSchema>

/** GET contract/close_orders: the caller's pending reduce-only orders (of one symbol when given), newest first. */
export const closeOrdersQuery = z.object({ symbol: z.optional(symbolField) })
