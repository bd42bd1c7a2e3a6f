/**
 * Favourites kept per account (issue 24 part 1): a user's starred markets follow them to another device through
 * user/favourites; each user sees only their own; bad input names the field and keeps what was saved.
 */
import { expect, it } from 'vitest'
import { describeAuth } from '../helpers/auth-app'

describeAuth('favourites', (fx) => {
  it('keeps the starred markets per account, in order and once each, for that user only', async () => {
    const ada = await fx.register('fav-ada@example.com')
    const ben = await fx.register('fav-ben@example.com')
    const read = async (token: string) =>
      (await fx.get<{ symbols: string[] }>('user/favourites', { token })).body.data.symbols
    expect(await read(ada.token)).toEqual([])
    const saved = await fx.post<{ symbols: string[] }>(
      'user/favourites',
      { symbols: ['ethusdt', 'BTC-USDT', 'ethusdt', 'eurusd'] },
      { token: ada.token },
    )
    expect(saved.body.data.symbols).toEqual(['ethusdt', 'BTC-USDT', 'eurusd'])
    expect(await read(ada.token)).toEqual(['ethusdt', 'BTC-USDT', 'eurusd'])
    expect(await read(ben.token), "another user's list").toEqual([])
    // Replaced as a whole.
    await fx.post('user/favourites', { symbols: ['solusdt'] }, { token: ada.token })
    expect(await read(ada.token)).toEqual(['solusdt'])
  })

  it('refuses a bad symbol or too many, naming the field, and keeps the saved list', async () => {
    const cy = await fx.register('fav-cy@example.com')
    await fx.post('user/favourites', { symbols: ['btcusdt'] }, { token: cy.token })
    const bad = await fx.post('user/favourites', { symbols: ['btc/usdt'] }, { token: cy.token })
    expect(bad.body.code).not.toBe(1)
    expect(JSON.stringify(bad.body)).toContain('symbols')
    const many = await fx.post(
      'user/favourites',
      { symbols: Array.from({ length: 201 }, (_, i) => `s${i}usdt`) },
      { token: cy.token },
    )
    expect(many.body.code).not.toBe(1)
    expect((await fx.get<{ symbols: string[] }>('user/favourites', { token: cy.token })).body.data.symbols).toEqual([
      'btcusdt',
    ])
    expect((await fx.get('user/favourites')).status, 'signed out').toBe(401)
  })
})
