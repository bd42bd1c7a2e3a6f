/** The text of a verification-code message (or of its stand-in for an address that has an account), in the caller's language. */
import { CODE_TTL_S } from '../../common/api/account'
import type { Locale } from '../../common/constants'
import type { AccountName } from './account-name'
import { fillMessage } from './messages'
import type { OutgoingMessage } from './messenger'

/** The e-mail or SMS carrying `code` to `account`; `site` is the operator's site name. */
export function codeMessage(locale: Locale, account: AccountName, site: string, code: string): OutgoingMessage {
  const vars = { site, code, minutes: CODE_TTL_S / 60 }
  if (account.type === 'email') {
    return {
      channel: 'email',
      to: account.email,
      subject: fillMessage(locale, 'codeMailSubject', vars),
      body: fillMessage(locale, 'codeMailBody', vars),
    }
  }
  return {
    channel: 'sms',
    to: `+${account.areaCode} ${account.phone}`,
    subject: fillMessage(locale, 'codeMailSubject', vars),
    body: fillMessage(locale, 'codeSmsBody', vars),
  }
}

/**
 * What a register request to an address that already has an account sends instead of a code: "you already have an
 * account, log in". The API answer is the same as for a new address, so only the address's owner learns it is
 * registered (OWASP Authentication Cheat Sheet, "Authentication and Error Messages": account creation).
 */
export function registeredMessage(locale: Locale, account: AccountName, site: string): OutgoingMessage {
  const vars = { site }
  const subject = fillMessage(locale, 'registeredMailSubject', vars)
  if (account.type === 'email') {
    return { channel: 'email', to: account.email, subject, body: fillMessage(locale, 'registeredMailBody', vars) }
  }
  return {
    channel: 'sms',
    to: `+${account.areaCode} ${account.phone}`,
    subject,
    body: fillMessage(locale, 'registeredSmsBody', vars),
  }
}
