/**
 * The user info the app keeps under USERINFO (`userInfoSchema`): account names, role, which passwords exist and the
 * identity state per tier. Shared by the account calls and the identity calls (after a submission changes a state).
 */
import type { Book } from '../../common/api/user-info'
import { and, desc, eq } from 'drizzle-orm'
import type { IdentityStatus, UserInfo } from '../../common/api/account'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { IDENTITY_LEVELS, identitySubmissions, twoFactor, users, type IdentityLevel } from '../db/schema'

type UserRow = typeof users.$inferSelect

/** `0x1234…abcd`: the short form wallets show. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** The account's display name: e-mail, else `+<area> <phone>`, else the short wallet address. */
export function displayAccount(u: Pick<UserRow, 'email' | 'areaCode' | 'phone' | 'walletAddress'>): string {
  if (u.email) return u.email
  if (u.phone) return `+${u.areaCode} ${u.phone}`
  return u.walletAddress ? shortAddress(u.walletAddress) : ''
}

/**
 * Identity state per tier: verified when any submission of the tier is verified, else the latest submission's
 * state (review or rejected), else none.
 */
export async function identityStatuses(db: Db, userId: number): Promise<Record<IdentityLevel, IdentityStatus>> {
  const out = { basic: 'none', advanced: 'none' } as Record<IdentityLevel, IdentityStatus>
  for (const level of IDENTITY_LEVELS) {
    const rows = await db
      .select({ status: identitySubmissions.status })
      .from(identitySubmissions)
      .where(and(eq(identitySubmissions.userId, userId), eq(identitySubmissions.level, level)))
      .orderBy(desc(identitySubmissions.createdAt), desc(identitySubmissions.id))
    if (rows.some((r) => r.status === 'verified')) out[level] = 'verified'
    else if (rows[0]) out[level] = rows[0].status
  }
  return out
}

/** Whether two-factor authentication is on for `userId` (accounts/two-factor.ts). */
async function hasTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId))
  return row?.secret != null
}

/** The user info of `userId`, or null when there is no such user. */
export async function buildUserInfo(db: Db, userId: number, book: Book = 'live'): Promise<UserInfo | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  if (!u) return null
  return {
    id: u.id,
    account: displayAccount(u),
    email: u.email,
    area_code: u.areaCode,
    phone: u.phone,
    wallet_address: u.walletAddress,
    invite_code: u.inviteCode,
    role: u.role,
    has_password: u.passwordHash !== null,
    has_pay_password: u.payPasswordHash !== null,
    two_factor: await hasTwoFactor(db, userId),
    anti_phishing: u.antiPhishing,
    identity: await identityStatuses(db, userId),
    created_at: formatUtc(u.createdAt),
    book,
  }
}
