// What a user sees in a market list, rendered to HTML: locale-grouped prices at market precision, the coloured
// change pill, the futures tag, "--" before the first tick, translated column heads in zh-CN; and the "prices not
// live" badge following config.market_live.
import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { Window } from 'happy-dom'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MarketItem } from '../../common/market'
import { MarketList, PopularCards, SourceBadge } from '../../src/features/markets'
import { setConfig, systemStore } from '../../src/state/system'
import { btcUsdt, tickerSnapshot } from '../helpers/market-fixtures'

const btc = btcUsdt
const perp: MarketItem = {
  ...btc,
  symbol: 'ETH-USDT',
  extends: 'ETH-USDT',
  currency_name: 'ETH',
  category: 'futures',
  sort: 2,
}

const tick = tickerSnapshot('btcusdt', 95000, 97232.5, 11_234_567.8, {
  high: 98000,
  low: 94000,
  amount: 120,
  count: 10,
  bid: 97232.4,
  lastSize: 0.1,
  ts: 1,
  receivedAt: 1,
})

async function activate(locale: 'en' | 'zh-CN') {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale, messages })
}

const html = (node: React.ReactNode) => renderToString(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

/** The rows of rendered market-list HTML as a user reads them: base currency → price, volume and change texts. */
function rowsOf(markup: string): Map<string, { price: string; vol: string; change: string }> {
  const doc = new Window().document
  doc.body.innerHTML = markup
  const text = (row: { querySelector(s: string): { textContent: string | null } | null }, selector: string) =>
    row.querySelector(selector)?.textContent?.trim() ?? '(missing)'
  return new Map(
    [...doc.querySelectorAll('.market-row')].map((row) => [
      text(row, '.market-row__base').split('/')[0]!,
      {
        price: text(row, '.market-row__price'),
        vol: text(row, '.market-row__vol'),
        change: text(row, '.market-row__change'),
      },
    ]),
  )
}

beforeEach(async () => {
  await activate('en')
  systemStore.config = null
})

describe('MarketList', () => {
  it('shows price, volume and change of each market', () => {
    const out = html(<MarketList items={[btc, perp]} tickers={new Map([['btcusdt', tick]])} onOpen={() => undefined} />)
    expect(out).toContain('97,232.50')
    expect(out).toContain('11.2M') // 3 significant digits: the figure fits the narrow name column
    expect(out).toContain('+2.35%')
    expect(out).toContain('change-pill--up')
    expect(out).toContain('Last price')
    expect(out).toContain('Perp') // the futures row is tagged
  })

  it('shows "--" for the price, volume and change of a market whose first tick has not come', () => {
    const rows = rowsOf(
      html(<MarketList items={[btc, perp]} tickers={new Map([['btcusdt', tick]])} onOpen={() => undefined} />),
    )
    expect(rows.get('ETH')).toEqual({ price: '--', vol: 'PerpVol --', change: '--' })
    expect(rows.get('BTC')).toEqual({ price: '97,232.50', vol: 'Vol 11.2M', change: '+2.35%' })
  })

  it('is translated and grouped for zh-CN', async () => {
    await activate('zh-CN')
    const out = html(
      <MarketList
        items={[btc, perp]}
        tickers={new Map([['btcusdt', { ...tick, close: 90000 }]])}
        onOpen={() => undefined}
      />,
    )
    expect(out).toContain('最新价')
    expect(out).toContain('永续')
    expect(out).toContain('1120万')
    expect(out).toContain('-5.26%')
    expect(out).toContain('change-pill--down')
  })

  it('shows the empty text when a category has no markets', () => {
    expect(html(<MarketList items={[]} tickers={new Map()} onOpen={() => undefined} empty="Nothing here" />)).toContain(
      'Nothing here',
    )
  })
})

describe('PopularCards', () => {
  const card = (close: number) => {
    const tickers = new Map([[btc.extends, tickerSnapshot('btcusdt', 95000, close, 1)]])
    const doc = new Window().document
    doc.body.innerHTML = html(<PopularCards items={[btc]} tickers={tickers} onOpen={() => undefined} />)
    const el = doc.querySelector('.popular__price')!
    return { text: el.textContent, em: Number(/--price-em:\s*([\d.]+)/.exec(el.getAttribute('style') ?? '')?.[1]) }
  }

  it('gives the price its width in em, which the card divides its own width by (whole, never cut, at 360 px)', () => {
    const fiveFigures = card(97232.5)
    const sixFigures = card(104250.5)
    expect(fiveFigures.text).toBe('97,232.50')
    expect(sixFigures.text).toBe('104,250.50')
    // Measured in Chromium at 360 px: a card's text box is 73 px; 16 px fits 4.56 em, "104,250.50" is 5.14 em at 700.
    expect(fiveFigures.em).toBeGreaterThanOrEqual(4.5)
    expect(sixFigures.em).toBeGreaterThan(fiveFigures.em)
    expect(sixFigures.em).toBeGreaterThanOrEqual(5.14)
    expect(73 / sixFigures.em).toBeLessThan(16)
  })
})

describe('SourceBadge', () => {
  const config = {
    web_maintain: 1,
    customer_url: '',
    site_name: 'TC',
    market_source: 'sim' as const,
    market_live: false,
    market_source_detail: 'sim',
    market_fallback: false,
    live_trading: true,
    market_feed: [],
    market_port: 8292,
    server_time: 0,
    invite_required: false,
  }
  it('says Simulated or Replay while prices are not live, nothing when live', () => {
    expect(html(<SourceBadge />)).toBe('')
    setConfig(config)
    expect(html(<SourceBadge />)).toContain('Simulated')
    setConfig({ ...config, market_source: 'replay' })
    expect(html(<SourceBadge />)).toContain('Replay')
    setConfig({ ...config, market_source: 'htx', market_live: true })
    expect(html(<SourceBadge />)).toBe('')
  })
})
