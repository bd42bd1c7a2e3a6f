/** The text of a verification-code message, in the caller's language. */
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
