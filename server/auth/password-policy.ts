/**
 * What a new password must be (reliability S1, ASVS 6.2.1/6.2.4/6.2.5/6.2.9, NIST SP 800-63B 3.1.1.2): 8 to 128
 * characters, not among the 3,000 most common passwords, not the account name itself. No composition rules.
 */
import { createRequire } from 'node:module'
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../common/api/account'

/** How many entries of the ranked common-password list are refused (ASVS 6.2.4: "top 3000"). */
export const COMMON_PASSWORDS_CHECKED = 3000

let common: Set<string> | undefined

/** The refused list, lower-cased (zxcvbn-ts `passwords-common` is ranked by frequency, most common first). */
function commonPasswords(): Set<string> {
  if (common) return common
  // Required on the first check, not imported at start: the package holds whole dictionaries (~420 kB of source,
  // ~11 MB of RSS once compiled) of which we keep 3,000 words, and most server starts never check a password.
  const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon
  common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_CHECKED).map((p) => p.toLowerCase()))
  return common
}

/** Why a password is refused: a key of the auth messages. */
export type PasswordProblem = 'passwordTooShort' | 'passwordTooLong' | 'passwordTooCommon' | 'passwordIsAccount'

/**
 * The first problem of `password`, or null when it is acceptable.
 * @param accountNames the account's e-mail, phone number (digits and `+<area><digits>`) or wallet address
 */
export function passwordProblem(
  password: string,
  accountNames: readonly (string | null | undefined)[],
): PasswordProblem | null {
  // Code points, not UTF-16 units: an emoji counts as one character (ASVS 6.2.1 note).
  const length = [...password].length
  if (length < PASSWORD_MIN) return 'passwordTooShort'
  if (length > PASSWORD_MAX) return 'passwordTooLong'
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower)) return 'passwordTooCommon'
  if (accountNames.some((name) => name && name.toLowerCase() === lower)) return 'passwordIsAccount'
  return null
}
