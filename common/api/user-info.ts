/**
 * The user info of `user/info` (what the app stores under USERINFO), apart from the account calls' form schemas
 * (./account.ts re-exports it): the app validates the stored copy at start-up, and that should not bring every
 * sign-in and password rule onto the way to the first screen (issue 9).
 */
import * as z from 'zod/mini'

/** Identity verification state of one tier, as the user sees it (spec §4). */
export const IDENTITY_STATUSES = ['none', 'review', 'verified', 'rejected'] as const
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number]

/** Books of a user: real money, and the demo (simulation) account's virtual funds (DESIGN §4 Ledger). */
export const BOOKS = ['live', 'demo'] as const
export type Book = (typeof BOOKS)[number]

/** What the app stores under USERINFO. Nothing sensitive: no identity data, no hashes. */
export const userInfoSchema = z.object({
  id: z.int(),
  /** Display name of the account: the e-mail, `+<area> <phone>` or a shortened wallet address. */
  account: z.string(),
  email: z.nullable(z.string()),
  area_code: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** Lower-case 0x address of a wallet account. */
  wallet_address: z.nullable(z.string()),
  invite_code: z.string(),
  role: z.enum(['user', 'operator']),
  /** False for a wallet-only account that has not added an e-mail and password. */
  has_password: z.boolean(),
  has_pay_password: z.boolean(),
  /** Two-factor authentication (TOTP) is on: sign-in and withdrawals ask for a code (issue 24 part 7). */
  two_factor: z._default(z.boolean(), false),
  /** The anti-phishing code every e-mail to the account starts with; null until set (issue 24 part 7). */
  anti_phishing: z._default(z.nullable(z.string()), null),
  identity: z.object({ basic: z.enum(IDENTITY_STATUSES), advanced: z.enum(IDENTITY_STATUSES) }),
  /** `YYYY-MM-DD HH:mm:ss` UTC. */
  created_at: z.string(),
  /** The book this session acts on (assets/demo_enter, demo_exit); a copy stored before it existed reads `live`. */
  book: z._default(z.enum(BOOKS), 'live'),
})
export type UserInfo = z.infer<typeof userInfoSchema>
