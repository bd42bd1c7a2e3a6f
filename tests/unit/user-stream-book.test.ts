// Events name their account (issue 22): a screen of the demo account reads nothing again when a live order fills or a
// live position closes, and the other way round; events without a book (notices) concern every screen that asks.
import { afterEach, describe, expect, it } from 'vitest'
import type { UserEvent } from '../../common/engine-api'
import { concernsLever } from '../../src/features/lever/use-lever-account'
import { concernsMicro } from '../../src/features/micro/use-live-contracts'
import { ofCurrentBook } from '../../src/features/user-stream'
import { clearUser, setUser } from '../../src/state/user'
import { userInfo } from '../helpers/ui-user'

const ev = (ch: string, data: object): UserEvent => ({ seq: 1, ch, data: data as UserEvent['data'], receivedAt: 0 })
const micro = (book: string) =>
  ev('orders#btcusdt', { event: 'settled', kind: 'micro', book, symbol: 'btcusdt', order: { id: 1 } })
const position = (book: string) => ev('positions', { event: 'closed', book, symbol: 'btcusdt', position: { id: 2 } })
const futures = (book: string) =>
  ev('orders#btcusdt', { event: 'filled', kind: 'futures', book, symbol: 'btcusdt', order: { id: 3 } })

afterEach(() => clearUser())

describe('events of the book the session shows', () => {
  it('the demo account ignores live orders and positions; the live account ignores demo ones', () => {
    setUser(userInfo({ book: 'demo' }))
    expect([micro('live'), position('live'), futures('live')].map((e) => ofCurrentBook(e))).toEqual([
      false,
      false,
      false,
    ])
    expect(concernsMicro(micro('live'))).toBe(false)
    expect(concernsLever(position('live'))).toBe(false)
    expect(concernsLever(futures('live'))).toBe(false)
    expect(concernsMicro(micro('demo'))).toBe(true)
    expect(concernsLever(position('demo'))).toBe(true)
    expect(concernsLever(futures('demo'))).toBe(true)
    setUser(userInfo({ book: 'live' }))
    expect(concernsMicro(micro('demo'))).toBe(false)
    expect(concernsLever(position('live'))).toBe(true)
  })

  it('a notice, which names no book, concerns any', () => {
    setUser(userInfo({ book: 'demo' }))
    expect(ofCurrentBook(ev('notices', { event: 'deposit_reviewed', id: 4 }))).toBe(true)
  })
})
