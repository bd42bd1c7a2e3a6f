import { describe, expect, it } from 'vitest'
import { parseTopic } from '../../common/feed/topics'
import { parseFeedTopic } from '../../src-worker/codec/topic-cache'

describe('parseFeedTopic (memoized topic parse)', () => {
  const names = [
    'market.btcusdt.ticker',
    'market.btcusdt.depth.step0',
    'market.BTC-USDT.trade.detail',
    'market.ethusdt.kline.1min',
    'market.ethusdt.kline.2min',
    'market.BTCUSDT.ticker',
    'market.btcusdt.depth.step1',
    'market..ticker',
    'ticker',
    'market.btcusdt.ticker.x',
  ]

  it.each(names)('answers %s exactly as parseTopic does, first and second time', (name) => {
    expect(parseFeedTopic(name)).toEqual(parseTopic(name))
    expect(parseFeedTopic(name)).toEqual(parseTopic(name))
  })

  it('hands out a frozen topic, so no caller can change what the next frame gets', () => {
    const t = parseFeedTopic('market.btcusdt.ticker')
    expect(Object.isFrozen(t)).toBe(true)
  })

  it('stays correct past its bound (a feed flooding distinct channel names)', () => {
    for (let i = 0; i < 2000; i++) expect(parseFeedTopic(`market.sym${i}.ticker`)?.symbol).toBe(`sym${i}`)
    expect(parseFeedTopic('market.btcusdt.kline.1min')).toEqual({ channel: 'kline', symbol: 'btcusdt', period: '1min' })
  })
})
