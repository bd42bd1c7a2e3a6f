// Which user-stream events call for a toast and with which text (issue 22 part 2): fills and partial fills of spot
// and futures orders (not reduce-only close orders, not cancellations), settled options by result, liquidations and
// take-profit / stop-loss closes (not a manual close); each `seq` is told once, the newest toastable of a batch.
import { describe, expect, it } from 'vitest'
import type { UserEvent } from '../../common/engine-api'
import { pairOfSymbol, toastOfEvent } from '../../src/features/user-stream'
import { forgetToasted, toastUserEvents } from '../../src/features/user-stream/user-toasts'
import { toastStore } from '../../src/ui/toast'

let seq = 0
const ev = (ch: string, data: object): UserEvent => ({
  seq: ++seq,
  ch,
  data: data as UserEvent['data'],
  receivedAt: 0,
})
const order = (event: string, kind: string, o: object = {}) =>
  ev('orders#ethusdt', { event, kind, symbol: 'ethusdt', order: { id: 1, client_oid: 'elsewhere', ...o } })
const closed = (event: string, reason: string) =>
  ev('positions', { event, symbol: 'ethusdt', position: { id: 3, close_reason: reason } })
const idOf = (e: UserEvent) => toastOfEvent(e)?.[0].id ?? null

describe('user stream toasts', () => {
  it('names the pair of a symbol', () => {
    expect(pairOfSymbol('btcusdt')).toBe('BTC/USDT')
    expect(pairOfSymbol('solusdc')).toBe('SOL/USDC')
    expect(pairOfSymbol('ethbtc')).toBe('ETHBTC')
  })

  it('picks the toast of each kind of event', () => {
    expect(idOf(order('filled', 'spot'))).toBe('stream.filled')
    expect(idOf(order('partially_filled', 'futures'))).toBe('stream.partiallyFilled')
    expect(idOf(order('filled', 'close'))).toBeNull()
    expect(idOf(order('cancelled', 'spot'))).toBeNull()
    expect(idOf(order('placed', 'spot'))).toBeNull()
    expect(idOf(order('settled', 'micro', { status: 'won' }))).toBe('stream.microWon')
    expect(idOf(order('settled', 'micro', { status: 'lost' }))).toBe('stream.microLost')
    expect(idOf(order('settled', 'micro', { status: 'draw' }))).toBe('stream.microDraw')
    expect(idOf(order('settled', 'micro', { status: 'voided' }))).toBeNull()
    expect(idOf(closed('liquidated', 'liquidation'))).toBe('stream.liquidated')
    expect(idOf(closed('closed', 'take_profit'))).toBe('stream.takeProfit')
    expect(idOf(closed('closed', 'stop_loss'))).toBe('stream.stopLoss')
    expect(idOf(closed('closed', 'manual'))).toBeNull()
    expect(idOf(ev('notices', { event: 'deposit_reviewed', id: 4 }))).toBeNull()
    expect(toastOfEvent(order('filled', 'spot'))?.[0].values).toEqual({ pair: 'ETH/USDT' })
  })

  it('tells each seq once, the newest toastable event of a batch', () => {
    forgetToasted()
    toastStore.current = null as typeof toastStore.current
    const batch = [closed('liquidated', 'liquidation'), order('filled', 'spot'), order('cancelled', 'spot')]
    expect(toastUserEvents(batch)).toBe(true)
    expect(toastStore.current?.text).toMatchObject({ id: 'stream.filled' })
    expect(toastUserEvents(batch)).toBe(false)
  })
})
