// The feedback form as a user meets it (translated type chips, counters, submit), where a refused submission's message
// lands, and the shared input rules (required fields, one-line title, control characters dropped, length caps).
import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { cleanText, feedbackSubmitInput } from '../../common/api/support'
import { describeFailure } from '../../src/api'
import { ApiError } from '../../src/api/errors'
import { FeedbackForm, FeedbackStatusTag } from '../../src/features/support'

async function activate(locale: 'en' | 'zh-CN' | 'ja') {
  // A template import has no static type; the shape is the one src/i18n/po.d.ts declares for every catalog.
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale, messages })
}
const html = (node: React.ReactNode) => renderToString(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

beforeEach(() => activate('en'))

describe('feedback form', () => {
  it('offers the six types, a title and a text with counters, and a submit button', () => {
    const out = html(<FeedbackForm onSubmit={async () => undefined} />)
    for (const label of ['Coin', 'Deposit', 'Withdrawal', 'Trade', 'Account', 'Other'])
      expect(out).toContain(`>${label}</button>`)
    expect(out.match(/role="radio"/g)).toHaveLength(6)
    expect(out).toContain('aria-checked="false"')
    expect(out).toContain('0/100')
    expect(out).toContain('0/2000')
    expect(out).toContain('maxLength="100"')
    expect(out).toContain('maxLength="2000"')
    expect(out).toContain('>Submit</button>')
  })

  it('is translated in zh-CN, states too', async () => {
    await activate('zh-CN')
    const out = html(<FeedbackForm onSubmit={async () => undefined} />)
    for (const label of ['币种', '充值', '提现', '交易', '账户', '其他']) expect(out).toContain(label)
    expect(out).toContain('>提交</button>')
    expect(html(<FeedbackStatusTag status="waiting" />)).toContain('待回复')
    expect(html(<FeedbackStatusTag status="replied" />)).toContain('已回复')
  })
})

describe('where a refused submission shows', () => {
  it('under the field the server named, in zod’s words', () => {
    const err = new ApiError('envelope', 422, 'title: Too big', {
      field: 'title',
      data: {
        field: 'title',
        issues: [{ field: 'title', message: 'Too big: expected string to have <=100 characters' }],
      },
    })
    expect(describeFailure(err)).toEqual({ field: 'title', text: 'Too big: expected string to have <=100 characters' })
  })

  it('above the form for the hourly cap and other business errors, with the server text', () => {
    const err = new ApiError(
      'envelope',
      429,
      'You have sent a lot of feedback in the last hour. Please try again later.',
    )
    expect(describeFailure(err)).toEqual({ field: null, text: err.message })
  })

  it('as the app’s one network message for network failures and timeouts', () => {
    expect(describeFailure(new ApiError('network', 0, 'x')).text).toMatchObject({ id: 'api.networkError' })
    expect(describeFailure(new ApiError('timeout', 0, 'x')).text).toMatchObject({ id: 'api.networkError' })
    expect(describeFailure(new Error('boom')).field).toBeNull()
  })
})

describe('feedback input rules (shared with the server)', () => {
  it('folds the title onto one line and drops control characters', () => {
    expect(cleanText('  Two\r\nlines \t here ', true)).toBe('Two lines here')
    expect(cleanText('a\u0000b\u001bc\r\nd\u007f')).toBe('abc\nd')
    expect(cleanText('<b>kept</b> as text')).toBe('<b>kept</b> as text')
  })

  it('requires type, title and content and names the first missing field', () => {
    const bad = (input: unknown) => {
      const r = z.safeParse(feedbackSubmitInput, input)
      return r.success ? null : r.error.issues[0]?.path.join('.')
    }
    expect(bad({ title: 't', content: 'c' })).toBe('type')
    expect(bad({ type: 'coin', title: ' \n ', content: 'c' })).toBe('title')
    expect(bad({ type: 'coin', title: 't', content: 'x'.repeat(2001) })).toBe('content')
    expect(bad({ type: 'coin', title: 'x'.repeat(100), content: 'y'.repeat(2000) })).toBeNull()
    expect(z.parse(feedbackSubmitInput, { type: 'trade', title: ' a\nb ', content: ' c ', status: 'replied' })).toEqual(
      {
        type: 'trade',
        title: 'a b',
        content: 'c',
      },
    )
  })
})
