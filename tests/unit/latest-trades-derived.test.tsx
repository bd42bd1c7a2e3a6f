// The Latest trades list on a replayed market whose trades are derived from 1-minute candles says so above the list
// (common/config's market_feed), in the user's language; a market with recorded trades only, the live relay and the
// sim show no such line.
import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Window } from 'happy-dom'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Config, FeedMakeup } from '../../common/api/public'
import type { TradesSnapshot } from '../../common/engine-api'
import { LatestTrades, tradesMakeup } from '../../src/features/trades'
import { setConfig, systemStore } from '../../src/state/system'

const config: Config = {
  web_maintain: 1,
  customer_url: '',
  site_name: 'TC',
  market_source: 'replay',
  market_live: false,
  market_source_detail: 'replay',
  market_fallback: false,
  live_trading: true,
  market_feed: [
    { symbol: 'ethusdt', recorded: ['candles'], derived: ['ticker', 'trades', 'book'] },
    { symbol: 'btcusdt', recorded: ['candles', 'trades', 'book'], derived: ['ticker', 'trades', 'book'] },
    { symbol: 'xauusd', recorded: ['candles'], derived: ['ticker', 'book'] },
    { symbol: 'solusdt', recorded: ['candles', 'trades', 'book'], derived: ['ticker'] },
  ],
  market_port: 8292,
  server_time: 0,
  invite_required: false,
}

const snap = (symbol: string): TradesSnapshot => ({
  symbol,
  receivedAt: 1,
  origin: 'live',
  trades: [
    { id: 1, ts: 1_700_000_000_000, tradeId: 1, amount: 0.12, price: 2000.5, direction: 'buy' },
    { id: 2, ts: 1_700_000_001_000, tradeId: 2, amount: 0.4, price: 2000.1, direction: 'sell' },
  ],
})

async function activate(locale: 'en' | 'ja') {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale, messages })
}

/** The note's text as a user reads it, or null when there is none. */
function noteOf(symbol: string, trades: TradesSnapshot | undefined = snap(symbol)): string | null {
  const markup = renderToString(
    <I18nProvider i18n={i18n}>
      <LatestTrades
        trades={trades}
        symbol={symbol}
        pricePrecision={2}
        amountPrecision={4}
        base="ETH"
        quote="USDT"
        locale="en"
      />
    </I18nProvider>,
  )
  const doc = new Window().document
  doc.body.innerHTML = markup
  expect(doc.querySelectorAll('.trades__row').length).toBe(trades ? trades.trades.length + 1 : 1)
  return doc.querySelector('.trades [role="note"]')?.textContent?.trim() ?? null
}

beforeEach(async () => {
  await activate('en')
  systemStore.config = null
})

describe('Latest trades: derived-trades note', () => {
  it('says the trades are derived from 1-minute candles when the replay derives them all', () => {
    setConfig(config)
    expect(noteOf('ethusdt')).toBe('Derived from 1-minute candles of the recording, not real trades')
    expect(noteOf('ethusdt', undefined)).toBe('Derived from 1-minute candles of the recording, not real trades')
  })

  it('says which are recorded when a capture recorded some minutes', () => {
    setConfig(config)
    expect(noteOf('btcusdt')).toBe(
      'Recorded trades where the recording has them, otherwise derived from 1-minute candles, not real trades',
    )
  })

  it('shows nothing for recorded trades, a feed without trades, the live relay, the sim, or before the config', () => {
    expect(noteOf('ethusdt')).toBeNull()
    setConfig(config)
    expect(noteOf('solusdt')).toBeNull()
    expect(noteOf('xauusd')).toBeNull()
    setConfig({ ...config, market_source: 'htx', market_live: true, market_feed: [] })
    expect(noteOf('ethusdt')).toBeNull()
    setConfig({ ...config, market_source: 'sim', market_feed: [] })
    expect(noteOf('ethusdt')).toBeNull()
  })

  it('is translated', async () => {
    await activate('ja')
    setConfig(config)
    expect(noteOf('ethusdt')).toBe('記録データの1分足から算出した約定で、実際の約定ではありません')
  })

  it('reads the makeup of the feed symbol', () => {
    const feed: FeedMakeup[] = config.market_feed
    expect(tradesMakeup(feed, 'ethusdt')).toBe('derived')
    expect(tradesMakeup(feed, 'btcusdt')).toBe('mixed')
    expect(tradesMakeup(feed, 'solusdt')).toBeUndefined()
    expect(tradesMakeup(feed, 'nope')).toBeUndefined()
    expect(tradesMakeup(undefined, 'ethusdt')).toBeUndefined()
    expect(tradesMakeup(feed, undefined)).toBeUndefined()
  })
})
