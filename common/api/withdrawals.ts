/**
 * The coin-address book and withdrawals (issue 10; re-exported by common/api/assets.ts): saved addresses, the
 * withdrawal options of each currency and chain, the withdrawal request with its second factor and security hold, and
 * the withdrawal record.
 */
import * as z from 'zod/mini'
import { amountField, chainField, currencyField, dateField, LABEL_MAX, listOf, money, oneLine } from './asset-fields'
import { idSchema, queryIdSchema } from './ids'
import { WITHDRAW_HOLD_REASONS, WITHDRAWAL_STATES } from './record-states'
import { secondFactorField } from './two-factor'

// ---- coin-address book ----

export const addressSchema = z.object({
  id: z.int(),
  currency: z.string(),
  chain: chainField,
  address: z.string(),
  label: z.string(),
  created_at: dateField,
})
export type SavedAddress = z.infer<typeof addressSchema>
export const addressListSchema = z.object({ list: z.array(addressSchema) })

export const addressSaveInput = z.object({
  currency: currencyField,
  chain: chainField,
  address: z.pipe(
    z.string(),
    z.transform((s: string) => s.trim()),
  ),
  label: z.optional(
    z.pipe(
      oneLine(LABEL_MAX),
      z.transform((s: string) => s.trim()),
    ),
  ),
})
export type AddressSaveInput = z.input<typeof addressSaveInput>
export const idInput = z.object({ id: idSchema })
export const idQuery = z.object({ id: queryIdSchema })
export const idAnswer = z.object({ id: z.int() })

// ---- withdrawals ----

export const withdrawOptionSchema = z.object({
  currency: z.string(),
  chain: chainField,
  enabled: z.boolean(),
  min_withdraw: money,
  withdraw_fee: money,
  scale: z.int(),
  /** The spot wallet's available balance of `currency` in the current book (0 while `locked`). */
  available: money,
  /**
   * Why nothing may be withdrawn now (server/money/withdraw-lock.ts), or null: `confirming` = a chain deposit of
   * `currency` is credited but short of 6 confirmations; `debt` = a reversed deposit of `currency` still owes `amount`.
   */
  locked: z.nullable(
    z.union([
      z.object({ reason: z.literal('confirming'), currency: z.string() }),
      z.object({ reason: z.literal('debt'), currency: z.string(), amount: money }),
    ]),
  ),
})
export const withdrawOptionsSchema = z.object({ options: z.array(withdrawOptionSchema) })
export type WithdrawOption = z.infer<typeof withdrawOptionSchema>

/** POST assets/withdraw (Idempotency-Key): pays `amount` out of the spot wallet to a saved address, fee on top. */
export const withdrawInput = z.object({
  currency: currencyField,
  chain: chainField,
  address_id: idSchema,
  amount: amountField,
  pay_password: z.string().check(z.maxLength(128)),
  /** The authenticator's current code, required once two-factor authentication is on (a recovery code is not taken). */
  totp_code: z.optional(secondFactorField),
})
export type WithdrawInput = z.input<typeof withdrawInput>

/**
 * A withdrawal's security hold: why, and until when (UTC text and epoch ms) it is not sent by the daily automatic
 * limit (an operator may decide it before; after, it is treated as a new request). Null when not held, or no longer.
 */
export const withdrawHoldSchema = z.nullable(
  z.object({ reason: z.enum(WITHDRAW_HOLD_REASONS), until: dateField, until_ts: z.int() }),
)
export type WithdrawHold = z.infer<typeof withdrawHoldSchema>

export const withdrawAnswerSchema = z.object({
  id: z.int(),
  /** `pending` (for review), or `sending` when within the daily limit the operator set for automatic approval. */
  status: z.enum(WITHDRAWAL_STATES),
  fee: money,
  /** What reaches the address: the amount asked for (the fee is frozen on top of it). */
  arrival_amount: money,
  /** The security hold, if any (then `status` is `pending`). */
  hold: z.optional(withdrawHoldSchema),
})

export const withdrawalSchema = z.object({
  id: z.int(),
  currency: z.string(),
  chain: chainField,
  address: z.string(),
  amount: money,
  fee: money,
  arrival_amount: money,
  status: z.enum(WITHDRAWAL_STATES),
  reason: z.nullable(z.string()),
  /** The transaction that pays it, once sent on chain (the latest when it was replaced); null before and by hand. */
  tx_hash: z.nullable(z.string()),
  /** Its confirmations while `sending` once mined; null otherwise. */
  confirmations: z.nullable(z.int()),
  created_at: dateField,
  reviewed_at: z.nullable(dateField),
  /** The security hold while it is pending (issue 24 part 7); null otherwise. */
  hold: z.optional(withdrawHoldSchema),
})
export type Withdrawal = z.infer<typeof withdrawalSchema>
export const withdrawListSchema = listOf(withdrawalSchema)
