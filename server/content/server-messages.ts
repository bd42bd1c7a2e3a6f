/**
 * The messages the server writes into envelope `msg`, in the ten interface languages. The app shows a non-1
 * envelope's msg as is (spec §8), so these are user-facing text. Each module keeps its own table under ./messages
 * (every locale must carry every key of its table: `satisfies MessageTable`); zod's own locales translate field
 * problems.
 */
import type { Locale } from '../../common/constants'
import { ANTI_PHISHING_MESSAGES } from './messages/anti-phishing'
import { AUTH_MESSAGES } from './messages/auth'
import { CONTRACT_MESSAGES } from './messages/contract'
import { CORE_MESSAGES } from './messages/core'
import { FINANCIAL_MESSAGES } from './messages/financial'
import { IDENTITY_MESSAGES } from './messages/identity'
import { LEDGER_MESSAGES } from './messages/ledger'
import { MONEY_MESSAGES } from './messages/money'
import { NOTIFY_MESSAGES } from './messages/notify'
import { RECOVERY_MESSAGES } from './messages/recovery'
import { RISK_MESSAGES } from './messages/risk'
import { SESSION_MESSAGES } from './messages/sessions'
import { SUPPORT_MESSAGES } from './messages/support'
import { TRADE_MESSAGES } from './messages/trade'
import { TWO_FACTOR_MESSAGES } from './messages/two-factor'

type KeysOf<T> = T extends { en: infer E } ? keyof E & string : never

/** Keys of the server's messages. */
export type ServerMessageKey =
  | KeysOf<typeof CORE_MESSAGES>
  | KeysOf<typeof AUTH_MESSAGES>
  | KeysOf<typeof IDENTITY_MESSAGES>
  | KeysOf<typeof SUPPORT_MESSAGES>
  | KeysOf<typeof MONEY_MESSAGES>
  | KeysOf<typeof TRADE_MESSAGES>
  | KeysOf<typeof CONTRACT_MESSAGES>
  | KeysOf<typeof RISK_MESSAGES>
  | KeysOf<typeof FINANCIAL_MESSAGES>
  | KeysOf<typeof LEDGER_MESSAGES>
  | KeysOf<typeof RECOVERY_MESSAGES>
  | KeysOf<typeof SESSION_MESSAGES>
  | KeysOf<typeof TWO_FACTOR_MESSAGES>
  | KeysOf<typeof ANTI_PHISHING_MESSAGES>
  | KeysOf<typeof NOTIFY_MESSAGES>

const TABLES = [
  CORE_MESSAGES,
  AUTH_MESSAGES,
  IDENTITY_MESSAGES,
  SUPPORT_MESSAGES,
  MONEY_MESSAGES,
  TRADE_MESSAGES,
  CONTRACT_MESSAGES,
  RISK_MESSAGES,
  FINANCIAL_MESSAGES,
  LEDGER_MESSAGES,
  RECOVERY_MESSAGES,
  SESSION_MESSAGES,
  TWO_FACTOR_MESSAGES,
  ANTI_PHISHING_MESSAGES,
  NOTIFY_MESSAGES,
] as const

/** The message `key` in `locale`. */
export function serverMessage(locale: Locale, key: ServerMessageKey): string {
  for (const table of TABLES) {
    const text = (table[locale] as Record<string, string>)[key]
    if (text !== undefined) return text
  }
  return key
}
