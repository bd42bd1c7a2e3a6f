/** The text of a verification-code message (or of its stand-in for an address that has an account), in the caller's language. */
import { CODE_TTL_S } from '../../common/api/account'
import type { Locale } from '../../common/constants'
import type { AccountName } from './account-name'
import { fillMessage } from './messages'
import type { OutgoingMessage } from './messenger'
import type { ServerMessageKey } from '../content/server-messages'

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

/** An e-mail or SMS to `account` from three message keys (subject, e-mail body, SMS body) filled with `vars`. */
function outgoing(
  locale: Locale,
  account: AccountName,
  keys: { subject: ServerMessageKey; mail: ServerMessageKey; sms: ServerMessageKey },
  vars: Readonly<Record<string, string | number>>,
): OutgoingMessage {
  const subject = fillMessage(locale, keys.subject, vars)
  if (account.type === 'email') {
    return { channel: 'email', to: account.email, subject, body: fillMessage(locale, keys.mail, vars) }
  }
  return {
    channel: 'sms',
    to: `+${account.areaCode} ${account.phone}`,
    subject,
    body: fillMessage(locale, keys.sms, vars),
  }
}

/** The e-mail or SMS carrying the code that resets the password of `account` (user/forgot_password). */
export function resetCodeMessage(locale: Locale, account: AccountName, site: string, code: string): OutgoingMessage {
  return outgoing(
    locale,
    account,
    { subject: 'resetMailSubject', mail: 'resetMailBody', sms: 'resetSmsBody' },
    { site, code, minutes: CODE_TTL_S / 60 },
  )
}

/**
 * What a forgot-password request for an address no account uses sends instead of a code: the API's answer is the
 * same as for an account's address, so only the address's owner learns that no account uses it (OWASP Forgot
 * Password Cheat Sheet: "Return a consistent message for both existent and non-existent accounts").
 */
export function noAccountMessage(locale: Locale, account: AccountName, site: string): OutgoingMessage {
  return outgoing(
    locale,
    account,
    { subject: 'noAccountMailSubject', mail: 'noAccountMailBody', sms: 'noAccountSmsBody' },
    { site },
  )
}

/**
 * `message` with the account's anti-phishing code as its first line when it is an e-mail and the account set one
 * (issue 24 part 7: a message to the account without it is not ours). SMS are left as they are.
 */
export function withAntiPhishing(locale: Locale, message: OutgoingMessage, phrase: string | null): OutgoingMessage {
  if (message.channel !== 'email' || !phrase) return message
  return { ...message, body: `${fillMessage(locale, 'antiPhishingLine', { phrase })}\n\n${message.body}` }
}
