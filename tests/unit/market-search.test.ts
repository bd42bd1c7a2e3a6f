// Finding and following markets (issue 24 part 1): the search matches a pair however it is typed, and favourites
// toggle, keep their order (newest first) and survive a reload (localStorage), ignoring a hand-edited entry.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { matchesQuery } from '../../src/features/markets/market-model'

const eth = { currency_name: 'ETH', legal_name: 'USDT', extends: 'ethusdt' }
const ethPerp = { currency_name: 'ETH', legal_name: 'USDT', extends: 'ETH-USDT' }
const eur = { currency_name: 'EUR', legal_name: 'USD', extends: 'eurusd' }

describe('matchesQuery', () => {
  it('matches the base, the quote, the pair with or without a separator, any case', () => {
    for (const q of ['eth', 'ETH', ' Eth ', 'eth/usdt', 'ETH-USDT', 'ethusdt', 'usdt', 'th/u'])
      expect(matchesQuery(eth, q), q).toBe(true)
    expect(matchesQuery(ethPerp, 'eth-usdt')).toBe(true)
    expect(matchesQuery(eur, 'eth')).toBe(false)
    expect(matchesQuery(eur, '')).toBe(true)
    expect(matchesQuery(eth, 'btc')).toBe(false)
  })
})

describe('favourites', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  /** A fresh copy of the store module reading `stored` as localStorage. */
  async function load(stored: Record<string, string>) {
    const data = new Map(Object.entries(stored))
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    })
    vi.resetModules()
    return { mod: await import('../../src/state/favourites'), data }
  }

  it('stars newest first, unstars, and keeps the list across a reload', async () => {
    const { mod, data } = await load({})
    mod.toggleFavourite('ethusdt')
    mod.toggleFavourite('BTC-USDT')
    expect(mod.favouritesStore.symbols).toEqual(['BTC-USDT', 'ethusdt'])
    mod.toggleFavourite('ethusdt')
    expect(mod.favouritesStore.symbols).toEqual(['BTC-USDT'])
    const again = await load(Object.fromEntries(data))
    expect(again.mod.favouritesStore.symbols).toEqual(['BTC-USDT'])
    expect(again.mod.isFavourite('BTC-USDT')).toBe(true)
  })

  it('starts empty from a hand-edited or foreign entry', async () => {
    for (const raw of ['{"a":1}', '["<img src=x>"]', 'not json', JSON.stringify(Array(201).fill('btcusdt'))]) {
      const { mod } = await load({ FAVOURITES: raw })
      expect(mod.favouritesStore.symbols, raw.slice(0, 20)).toEqual([])
    }
  })
})
