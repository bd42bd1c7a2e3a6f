/**
 * Masked contact details for the security center, the way exchanges show them so a glance over the shoulder does not
 * give away the whole address: `al***@example.com`, `+86 138****5678`.
 */

/** The first two characters of the local part (one if it is that short), `***`, and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  const local = email.slice(0, at)
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`
}

/** `+<area> ` and the number with all but its first 3 and last 4 digits starred (short numbers: the last 2 kept). */
export function maskPhone(areaCode: string | null, phone: string): string {
  const prefix = areaCode ? `+${areaCode} ` : ''
  if (phone.length >= 8) return `${prefix}${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`
  return `${prefix}${'*'.repeat(Math.max(phone.length - 2, 0))}${phone.slice(-2)}`
}
