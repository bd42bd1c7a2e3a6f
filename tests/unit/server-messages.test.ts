// Every table of the server's user-facing messages (server/content/server-messages.ts) is complete in all ten locales:
// the English keys and no others, no empty text, the English placeholders; the money table is really translated.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../common/constants'
import { ANTI_PHISHING_MESSAGES } from '../../server/content/messages/anti-phishing'
import { AUTH_MESSAGES } from '../../server/content/messages/auth'
import { CONTRACT_MESSAGES } from '../../server/content/messages/contract'
import { CORE_MESSAGES } from '../../server/content/messages/core'
import { FINANCIAL_MESSAGES } from '../../server/content/messages/financial'
import { IDENTITY_MESSAGES } from '../../server/content/messages/identity'
import { LEDGER_MESSAGES } from '../../server/content/messages/ledger'
import { NOTIFY_MESSAGES } from '../../server/content/messages/notify'
import { MONEY_MESSAGES } from '../../server/content/messages/money'
import { RECOVERY_MESSAGES } from '../../server/content/messages/recovery'
import { RISK_MESSAGES } from '../../server/content/messages/risk'
import { SESSION_MESSAGES } from '../../server/content/messages/sessions'
import { SUPPORT_MESSAGES } from '../../server/content/messages/support'
import { TRADE_MESSAGES } from '../../server/content/messages/trade'
import { TWO_FACTOR_MESSAGES } from '../../server/content/messages/two-factor'
import type { MessageTable } from '../../server/content/messages/table'

/** The tables by the module that holds them (the name server-messages.ts imports it under). */
const TABLES: Record<string, MessageTable> = {
  core: CORE_MESSAGES,
  auth: AUTH_MESSAGES,
  identity: IDENTITY_MESSAGES,
  support: SUPPORT_MESSAGES,
  money: MONEY_MESSAGES,
  trade: TRADE_MESSAGES,
  financial: FINANCIAL_MESSAGES,
  contract: CONTRACT_MESSAGES,
  ledger: LEDGER_MESSAGES,
  notify: NOTIFY_MESSAGES,
  risk: RISK_MESSAGES,
  recovery: RECOVERY_MESSAGES,
  sessions: SESSION_MESSAGES,
  'two-factor': TWO_FACTOR_MESSAGES,
  'anti-phishing': ANTI_PHISHING_MESSAGES,
}

/** Tables whose every non-English text must differ from the English one (a copy is an untranslated message). */
const FULLY_TRANSLATED = new Set([
  'money',
  'trade',
  'financial',
  'contract',
  'ledger',
  'risk',
  'recovery',
  'sessions',
  'two-factor',
  'anti-phishing',
])

const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en')

/** The `{name}` placeholders of `text`, sorted, once per occurrence. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
}

const entries = Object.entries(TABLES)

describe('server message tables', () => {
  it('covers every table server-messages.ts looks messages up in', () => {
    const source = readFileSync(new URL('../../server/content/server-messages.ts', import.meta.url), 'utf8')
    const imported = [...source.matchAll(/from '\.\/messages\/([\w-]+)'/g)].map((m) => m[1]).sort()
    expect(imported).toEqual(Object.keys(TABLES).sort())
  })

  it.each(entries)('%s: every locale has exactly the English keys', (_name, table) => {
    const keys = Object.keys(table.en).sort()
    expect(keys.length).toBeGreaterThan(0)
    for (const locale of LOCALES) {
      expect(Object.keys(table[locale]).sort(), locale).toEqual(keys)
    }
  })

  it.each(entries)('%s: no text is empty', (_name, table) => {
    const empty = LOCALES.flatMap((locale) =>
      Object.entries(table[locale])
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => `${locale}.${key}`),
    )
    expect(empty).toEqual([])
  })

  it.each(entries)('%s: every text keeps the English placeholders', (_name, table) => {
    const mismatched = OTHER_LOCALES.flatMap((locale) =>
      Object.entries(table.en).flatMap(([key, en]) => {
        const text = (table[locale] as Record<string, string | undefined>)[key]
        if (text === undefined) return []
        const want = placeholders(en).join(',')
        const got = placeholders(text).join(',')
        return want === got ? [] : [`${locale}.${key}: {${want}} vs {${got}}`]
      }),
    )
    expect(mismatched).toEqual([])
  })

  it.each(entries.filter(([name]) => FULLY_TRANSLATED.has(name)))(
    '%s: every non-English text is translated (differs from English)',
    (_name, table) => {
      const copies = OTHER_LOCALES.flatMap((locale) =>
        Object.entries(table.en)
          .filter(([key, en]) => (table[locale] as Record<string, string | undefined>)[key]?.trim() === en.trim())
          .map(([key]) => `${locale}.${key}`),
      )
      expect(copies).toEqual([])
    },
  )
})
