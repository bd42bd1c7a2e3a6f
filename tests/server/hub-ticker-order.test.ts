/**
 * A symbol's tickers never go back in time (hub.ts `tickerTs`): the replay stamps its bar ticks with the bar's clock
 * and its books with the wall clock, so a bar tick due at :02.000 could be played after a book of :02.100 had already
 * sent a ticker. Before, the gateway sent that price stamped :02.000 after the one stamped :02.100, and second
 * contracts, which take the first price at or after delivery from their tape (price-tape.ts, which drops an older
 * stamp), settled at the :02.100 one while clients had seen an "earlier" :02.000 price (the end-to-end micro test
 * failed so in CI: "an earlier close"). Now the late price carries :02.100: what clients see in order is what the
 * contracts settle on.
 */
import { describe, expect, it } from 'vitest'
import { tickerTopic } from '../../common/feed/topics'
import { PriceTape } from '../../server/trading/micro/price-tape'
import { bar, book, testHub, TEST_SPEC } from '../helpers/market-hub'

const SYMBOL = TEST_SPEC.symbol

describe('tickers of a symbol keep their order in time', () => {
  it('a price sent after a later-stamped one is stamped no earlier, on the gateway and to listeners alike', () => {
    const hub = testHub()
    const pushed: { ts: number; close: number }[] = []
    hub.attach({
      wants: (topic) => topic === tickerTopic(SYMBOL),
      push: (_topic, ts, tick) => pushed.push({ ts, close: (tick as { close: number }).close }),
    })
    const heard: number[] = []
    hub.onEvent((e) => {
      if (e.type === 'ticker') heard.push(e.ts)
    })
    const tape = new PriceTape(hub, () => 0)
    const minute = 1_800_000_000 - (1_800_000_000 % 60)
    const at = (ms: number) => minute * 1000 + ms
    hub.event({ type: 'candle', symbol: SYMBOL, ts: at(1000), bar: bar(minute, 100, 101, 99, 100.5) })
    hub.event({ type: 'book', symbol: SYMBOL, ts: at(2100), tick: book(100.7, at(2100)), recorded: false })
    // The bar's tick due at :02.000, played after the book of :02.100.
    hub.event({ type: 'candle', symbol: SYMBOL, ts: at(2000), bar: bar(minute, 100, 101, 99, 100.9) })
    hub.event({ type: 'candle', symbol: SYMBOL, ts: at(3000), bar: bar(minute, 100, 101, 99, 100.2) })

    expect(pushed.map((p) => p.ts)).toEqual([at(1000), at(2100), at(2100), at(3000)])
    expect(heard).toEqual(pushed.map((p) => p.ts))
    expect(hub.lastTickerAt(SYMBOL)).toBe(at(3000))
    // A contract delivered at :01.500 settles at the first price sent at or after it, the one clients saw first.
    const first = pushed.find((p) => p.ts >= at(1500))!
    expect(tape.firstAtOrAfter(SYMBOL, at(1500))).toEqual({ ts: first.ts, price: first.close })
    // No price sent after delivery carries a time before the one the contract settled at.
    const settled = tape.firstAtOrAfter(SYMBOL, at(1500))!
    expect(pushed.filter((p) => p.ts >= at(1500) && p.ts < settled.ts)).toEqual([])
    tape.stop()
  })

  it('a ticker event of the source is held to the same order', () => {
    const hub = testHub()
    const heard: number[] = []
    hub.onEvent((e) => {
      if (e.type === 'ticker') heard.push(e.ts)
    })
    const tick = {
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      amount: 1,
      vol: 1,
      count: 1,
      bid: 1,
      bidSize: 1,
      ask: 1,
      askSize: 1,
      lastPrice: 1,
      lastSize: 1,
    }
    hub.event({ type: 'ticker', symbol: SYMBOL, ts: 5000, tick })
    hub.event({ type: 'ticker', symbol: SYMBOL, ts: 4000, tick })
    hub.event({ type: 'ticker', symbol: SYMBOL, ts: 6000, tick })
    expect(heard).toEqual([5000, 5000, 6000])
  })
})
