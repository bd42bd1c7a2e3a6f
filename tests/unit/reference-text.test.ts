// The "Operation" line of an account change record: the server's reference (`deposit:12`) as people read it, in
// their language; an unknown kind stays as the server wrote it rather than vanishing.
import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { referenceText } from '../../src/features/funds/reference-text'

async function i18nIn(locale: 'en' | 'ja') {
  // A template import has no static type; the shape is the one src/i18n/po.d.ts declares for every catalog.
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  return setupI18n({ locale, messages: { [locale]: messages } })
}

describe('referenceText', () => {
  it('names the operation and its number', async () => {
    const en = await i18nIn('en')
    expect(referenceText('deposit:12', en)).toBe('Deposit #12')
    expect(referenceText('withdrawal:3', en)).toBe('Withdrawal #3')
    expect(referenceText('transfer:7', en)).toBe('Transfer #7')
    expect(referenceText('order:5', en)).toBe('Spot order #5')
    expect(referenceText('fill:9', en)).toBe('Spot fill #9')
    expect(referenceText('demo_fund:41', en)).toBe('Demo funds')
    expect(referenceText('demo_adjust:41', en)).toBe('Demo balance adjusted')
    expect(referenceText('contract_order:6', en)).toBe('Futures order #6')
    expect(referenceText('position:2', en)).toBe('Futures position #2')
    expect(referenceText('financial:12', en)).toBe('Wealth subscription #12')
    expect(referenceText('financial:12:day:3', en)).toBe('Wealth subscription #12, day 3')
    expect(referenceText('financial:12:redeem', en)).toBe('Wealth subscription #12')
  })

  it("speaks the reader's language", async () => {
    expect(referenceText('withdrawal:3', await i18nIn('ja'))).toBe('出金 #3')
  })

  it('keeps a reference of a kind it does not know as it is', async () => {
    expect(referenceText('rebate:99', await i18nIn('en'))).toBe('rebate:99')
  })
})
