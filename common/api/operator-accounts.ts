/**
 * Operator calls on accounts (`admin/user_list`, `admin/user_status`, `admin/operator_create`): the same changes as
 * `npm run admin -- users …` and `operator create`, for an operator console. Shared by the server (validation,
 * OpenAPI) and any client.
 */
import * as z from 'zod/mini'
import { emailField, PASSWORD_MAX, trimmedString } from './account'
import { idSchema } from './ids'

/** GET admin/user_list: newest first; `q` matches part of the e-mail, phone, wallet or invitation code. */
export const adminUserListQuery = z.object({
  q: z._default(trimmedString(100), ''),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(500))), 50),
})

/** One account as operators see it (no secrets: password hashes never leave the server). */
export const adminUserSchema = z.object({
  id: z.int(),
  /** The name the user signs in with: e-mail, `+<area> <phone>` or the short wallet address. */
  account: z.string(),
  email: z.nullable(z.string()),
  /** `+<area> <phone>` or null. */
  phone: z.nullable(z.string()),
  wallet_address: z.nullable(z.string()),
  role: z.enum(['user', 'operator']),
  status: z.enum(['active', 'disabled']),
  invite_code: z.string(),
  inviter_id: z.nullable(z.int()),
  /** `YYYY-MM-DD HH:mm:ss` UTC. */
  created_at: z.string(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

/** POST admin/user_status: `disabled` refuses the user's sign-ins and ends every session at once. */
export const adminUserStatusInput = z.object({
  id: idSchema,
  status: z.enum(['active', 'disabled']),
})

/** Answer of admin/user_status. */
export const adminUserStatusAnswer = z.object({
  id: z.int(),
  status: z.enum(['active', 'disabled']),
  /** Sessions ended by this change (0 when enabling). */
  sessions_ended: z.int(),
})

/**
 * POST admin/operator_create: a new operator signing in with `email` and `password` (the password policy of every
 * account applies), or, with `promote: true`, the existing user with that e-mail made an operator.
 */
export const adminOperatorCreateInput = z.object({
  email: emailField,
  password: z._default(z.string().check(z.maxLength(PASSWORD_MAX)), ''),
  promote: z._default(z.boolean(), false),
})

/** Answer of admin/operator_create: the operator's user id. */
export const adminOperatorCreateAnswer = z.object({ id: z.int() })
