/**
 * The account named at sign-in (`type` email or phone with its fields): one normalized form used to find the user,
 * to key codes and rate limits, and to show the user where a code went (masked).
 */
import { and, eq, type SQL } from 'drizzle-orm'
import type { AccountType } from '../../common/api/account'
import type { Locale } from '../../common/constants'
import { badField, type DomainError } from '../domain/errors'
import type { Db } from '../db/client'
import { users } from '../db/schema'

/** A named account: e-mail (lower-case) or phone (area code and national digits). */
export type AccountName =
  | { type: 'email'; email: string; channel: 'email'; target: string }
  | { type: 'phone'; areaCode: string; phone: string; channel: 'sms'; target: string }

/** The account fields of register, login and send_code, as parsed by common/api/account. */
export interface AccountFields {
  type: AccountType
  email?: string | undefined
  area_code?: string | undefined
  phone?: string | undefined
}

/**
 * The account of `input`; `target` is the e-mail or `<area_code> <phone>` (the verification_codes.target form).
 * @throws DomainError bad_input naming `email` or `phone` when the field the type needs is missing.
 */
export function accountName(input: AccountFields, locale: Locale): AccountName {
  if (input.type === 'email') {
    if (!input.email) throw missing(locale, 'email', 'emailRequired')
    return { type: 'email', email: input.email, channel: 'email', target: input.email }
  }
  if (!input.area_code) throw missing(locale, 'area_code', 'phoneRequired')
  if (!input.phone) throw missing(locale, 'phone', 'phoneRequired')
  const target = `${input.area_code} ${input.phone}`
  return { type: 'phone', areaCode: input.area_code, phone: input.phone, channel: 'sms', target }
}

/** A missing field, reported like a schema error (data names the field). */
function missing(_locale: Locale, field: string, key: 'emailRequired' | 'phoneRequired'): DomainError {
  return badField(field, key)
}

/** WHERE clause selecting the user of `account`. */
export function userWhere(account: AccountName): SQL {
  return account.type === 'email'
    ? eq(users.email, account.email)
    : and(eq(users.areaCode, account.areaCode), eq(users.phone, account.phone))!
}

/** The user row of `account`, if any. */
export async function findUser(db: Db, account: AccountName) {
  const [row] = await db.select().from(users).where(userWhere(account))
  return row
}

/** Forms of the account name a password must not equal (e-mail; phone digits with and without the area code). */
export function accountNameForms(account: AccountName): string[] {
  if (account.type === 'email') return [account.email, account.email.split('@')[0]!]
  return [account.phone, `${account.areaCode}${account.phone}`, `+${account.areaCode}${account.phone}`]
}

/** `a***@example.com`, `+86 138****0000`: enough to recognize, not enough to harvest. */
export function maskedAccount(account: AccountName): string {
  if (account.type === 'email') {
    const at = account.email.lastIndexOf('@')
    return `${account.email.slice(0, 1)}***${account.email.slice(at)}`
  }
  const p = account.phone
  const keepEnd = p.length >= 8 ? 4 : 2
  const keepStart = p.length >= 10 ? 3 : p.length >= 7 ? 2 : 1
  return `+${account.areaCode} ${p.slice(0, keepStart)}${'*'.repeat(p.length - keepStart - keepEnd)}${p.slice(-keepEnd)}`
}
