// Price alerts on the client (issue 24 part 6): the toast a fired alert's `notices` event shows ("BTC/USDT rose to
// 28,500.00", at the market's precision, in the reader's language), the review toasts of deposits and withdrawals,
// and the alert sheet's pure parts (the price it starts from, the checks of a typed price, the order of the list).
import { i18n, type Messages } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PriceAlert } from '../../common/api/notify'
import type { UserEvent } from '../../common/engine-api'
import { toastOfEvent } from '../../src/features/user-stream'
import { readAmount } from '../../src/features/funds'
import { alertPriceProblem, listedAlerts, prefillPrice } from '../../src/features/notify/alert-model'
import { rememberPrecisions } from '../../src/state/market-precisions'

let seq = 0
const notice = (data: object): UserEvent => ({
  seq: ++seq,
  ch: 'notices',
  data: data as UserEvent['data'],
  receivedAt: 0,
})
const fired = (symbol: string, state: string, price: string, last_price: string) =>
  notice({ event: 'price_alert', id: 7, symbol, state, price, last_price })

/** What the toast of `ev` reads in `locale` (its catalog active), or null when there is none. */
function toastText(ev: UserEvent, locale = 'en'): string | null {
  const t = toastOfEvent(ev, locale)
  return t ? i18n._(t[0]) : null
}

const catalogs: Record<string, Messages> = {}
async function use(locale: 'en' | 'ja'): Promise<void> {
  catalogs[locale] ??= ((await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }).messages
  i18n.loadAndActivate({ locale, messages: catalogs[locale] })
}

describe('the toast of a fired price alert', () => {
  beforeAll(async () => {
    await use('en')
    rememberPrecisions([
      { extends: 'btcusdt', price_precision: 2 },
      { extends: 'dogeusdt', price_precision: 5 },
    ])
  })

  it('says which way the pair went and where, at the market precision', async () => {
    await use('en')
    expect(toastText(fired('btcusdt', 'above', '28500', '28500.37'))).toBe('BTC/USDT rose to 28,500.37')
    expect(toastText(fired('btcusdt', 'below', '28500', '28499.9'))).toBe('BTC/USDT fell to 28,499.90')
    // The server writes exact decimals without trailing zeros: the market's precision pads them.
    expect(toastText(fired('btcusdt', 'above', '28500', '28500'))).toBe('BTC/USDT rose to 28,500.00')
    expect(toastText(fired('dogeusdt', 'below', '0.061', '0.0609'))).toBe('DOGE/USDT fell to 0.06090')
    expect(toastOfEvent(fired('btcusdt', 'above', '28500', '28500.37'), 'en')?.[1]).toBe('message')
  })

  it('writes the price the way the language groups digits, in its own words', async () => {
    await use('ja')
    expect(toastText(fired('btcusdt', 'above', '28500', '28500.37'), 'ja')).toBe(
      'BTC/USDT が 28,500.37 まで上昇しました',
    )
    await use('en')
    expect(toastText(fired('btcusdt', 'above', '1234567', '1234567.5'), 'pt')).toBe('BTC/USDT rose to 1.234.567,50')
  })

  it('keeps the figures whole for a market no list has named yet (at least 2 decimals)', async () => {
    await use('en')
    expect(toastText(fired('xyzusdt', 'above', '1.5', '1.5004'))).toBe('XYZ/USDT rose to 1.5004')
    expect(toastText(fired('xyzusdt', 'above', '30', '31'))).toBe('XYZ/USDT rose to 31.00')
  })

  it('falls back to the alert price, and says nothing without a market or a price', async () => {
    await use('en')
    expect(toastText(notice({ event: 'price_alert', id: 1, symbol: 'btcusdt', state: 'above', price: '30000' }))).toBe(
      'BTC/USDT rose to 30,000.00',
    )
    expect(toastText(notice({ event: 'price_alert', id: 1, state: 'above', price: '30000' }))).toBeNull()
    expect(toastText(notice({ event: 'price_alert', id: 1, symbol: 'btcusdt', state: 'above' }))).toBeNull()
  })
})

describe('the toasts of reviewed deposits and withdrawals', () => {
  it('tells each state the server emits, and nothing for a state it does not know', async () => {
    await use('en')
    const dep = (state?: string) => notice({ event: 'deposit_reviewed', id: 4, ...(state ? { state } : {}) })
    const wd = (state: string) => notice({ event: 'withdrawal_reviewed', id: 5, state })
    expect(toastText(dep('approved'))).toBe('Deposit credited')
    expect(toastText(dep('rejected'))).toBe('Your deposit was rejected')
    expect(toastText(dep())).toBeNull()
    expect(toastText(wd('approved'))).toBe('Your withdrawal was approved')
    expect(toastText(wd('sending'))).toBe('Your withdrawal is being sent')
    expect(toastText(wd('paid'))).toBe('Your withdrawal has arrived on chain')
    expect(toastText(wd('rejected'))).toBe('Your withdrawal was rejected')
    expect(toastText(wd('failed'))).toBe('Your withdrawal failed: the amount is back in your coin account')
    expect(toastText(wd('pending'))).toBeNull()
    expect(toastOfEvent(dep('rejected'), 'en')?.[1]).toBe('error')
    expect(toastText(notice({ event: 'feedback_replied', id: 9, state: 'replied' }))).toBeNull()
  })

  it('tells a live deposit credited with its amount at the currency display scale, not a demo one or a debit', async () => {
    await use('en')
    const balance = (over: object): UserEvent => ({
      seq: ++seq,
      ch: 'accounts.update',
      data: {
        event: 'balance',
        book: 'live',
        wallet: 'spot',
        currency: 'BTC',
        available: '0.5',
        frozen: '0',
        change_available: '0.123456789',
        change_frozen: '0',
        kind: 'deposit',
        reference: 'deposit:1',
        transaction_id: 1,
        ...over,
      },
      receivedAt: 0,
    })
    expect(toastText(balance({}))).toBe('Deposit credited · 0.12345678 BTC')
    expect(toastText(balance({ currency: 'USDT', change_available: '1500.5' }))).toBe(
      'Deposit credited · 1,500.50 USDT',
    )
    expect(toastText(balance({ book: 'demo' }))).toBeNull()
    expect(toastText(balance({ change_available: '-0.1' }))).toBeNull()
    expect(toastText(balance({ change_available: '0' }))).toBeNull()
    expect(toastText(balance({ kind: 'transfer' }))).toBeNull()
  })
})

describe('the alert sheet', () => {
  it('starts from the last price at the market precision, as plain text', () => {
    expect(prefillPrice(28500.1, 2)).toBe('28500.10')
    expect(prefillPrice(0.000123456, 6)).toBe('0.000123')
    expect(prefillPrice('1e-7', 8)).toBe('0.00000010')
    expect(prefillPrice(undefined, 2)).toBe('')
    expect(prefillPrice(Number.NaN, 2)).toBe('')
  })

  it('reads a typed price and names its first problem', () => {
    expect(readAmount(' 28 500,5 ')).toBe('28500.5')
    const cases: [string, number, ReturnType<typeof alertPriceProblem>][] = [
      ['', 2, 'required'],
      ['  ', 2, 'required'],
      ['abc', 2, 'format'],
      ['1e5', 2, 'format'],
      ['0', 2, 'notPositive'],
      ['-5', 2, 'notPositive'],
      ['28500.123', 2, 'tooManyDecimals'],
      ['28500.12', 2, null],
      ['28500', 2, null],
      ['0.00001', 5, null],
    ]
    for (const [text, precision, want] of cases) expect(alertPriceProblem(text, precision), text).toBe(want)
  })

  it("lists one market's active alerts highest first, then the fired ones newest first", () => {
    const alert = (id: number, symbol: string, price: string, fired_at: number | null = null): PriceAlert => ({
      id,
      symbol,
      direction: 'above',
      price,
      state: fired_at === null ? 'active' : 'fired',
      created_at: id,
      fired_at,
      fired_price: fired_at === null ? null : price,
    })
    const { active, fired: done } = listedAlerts(
      [
        alert(1, 'btcusdt', '9000'),
        alert(2, 'btcusdt', '28500.5'),
        alert(3, 'ethusdt', '3000'),
        alert(4, 'btcusdt', '100000'),
        alert(5, 'btcusdt', '27000', 1_000),
        alert(6, 'btcusdt', '26000', 2_000),
      ],
      'btcusdt',
    )
    expect(active.map((a) => a.id)).toEqual([4, 2, 1])
    expect(done.map((a) => a.id)).toEqual([6, 5])
  })
})
