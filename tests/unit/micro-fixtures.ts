/**
 * Second contracts for the options-screen tests: the seeded products of a pair (30/60/120/300 s paying 80–90 %, from
 * 10 USDT), an order as the server answers it, and /micro or /micro-info rendered with the calls they make answered.
 */
import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { MicroOrder, MicroProduct } from '../../common/api/micro'
import { btcUsdt } from '../helpers/market-fixtures'
import { renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { overview } from '../helpers/ui-money'

/** The products the server seeds for `symbol` (server/trading/micro/products.ts MICRO_DEFAULTS), fee `fee_rate`. */
export function products(symbol = 'btcusdt', fee_rate = '0'): MicroProduct[] {
  return (
    [
      [30, '0.8'],
      [60, '0.85'],
      [120, '0.88'],
      [300, '0.9'],
    ] as const
  ).map(([duration_s, payout_rate]) => ({
    symbol,
    duration_s,
    payout_rate,
    min_amount: '10',
    fee_rate,
    currency: 'USDT',
  }))
}

/** `YYYY-MM-DD HH:mm:ss` UTC of epoch ms `ms`, as the server writes dates. */
export const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

/** An open 100 USDT Rise on BTC/USDT for 60 s, placed at `at` (epoch ms, whole seconds). */
export function microOrder(patch: Partial<MicroOrder> = {}, at = Date.UTC(2026, 0, 2, 3, 4, 5)): MicroOrder {
  const duration = patch.duration_s ?? 60
  return {
    id: 41,
    symbol: 'btcusdt',
    direction: 'up',
    duration_s: duration,
    amount: '100',
    currency: 'USDT',
    fee: '0',
    payout_rate: '0.85',
    open_price: '61675.44',
    open_ts: at - 700,
    delivery_at: utc(at + duration * 1000),
    close_price: null,
    close_ts: null,
    status: 'open',
    pnl: null,
    percentage: null,
    client_oid: 'c0ffee00-0000-4000-8000-000000000041',
    created_at: utc(at),
    settled_at: null,
    void_reason: null,
    ...patch,
  }
}

/** The same order settled at `close` as won (+85), lost (−100) or draw (0), 61 s after it was placed. */
export function settled(order: MicroOrder, status: 'won' | 'lost' | 'draw', close: string): MicroOrder {
  const pnl = { won: '85', lost: '-100', draw: '0' }[status]
  const pct = { won: '85', lost: '-100', draw: '0' }[status]
  const closeTs = order.open_ts + 61_000
  return { ...order, status, close_price: close, close_ts: closeTs, pnl, percentage: pct, settled_at: utc(closeTs) }
}

/** An overview whose options wallet holds `available` USDT usable. */
export function withOptions(available: string) {
  const o = overview()
  return {
    ...o,
    wallets: o.wallets.map((w) =>
      w.wallet === 'option'
        ? {
            ...w,
            balances: [{ currency: 'USDT', available, frozen: '0', amount: available, usdt_value: available }],
          }
        : w,
    ),
  }
}

type Answer = (c: RecordedCall) => unknown

/** What the micro screens' calls answer; each may be replaced. */
export interface MicroCalls {
  products?: MicroProduct[]
  /** Usable USDT of the options wallet (default 1000), read at each assets/overview call. */
  available?: string
  /** micro/order_list (both states when the query names none). */
  list?: Answer
  detail?: Answer
  place?: Answer
}

/**
 * /micro or /micro-info rendered with BTC/USDT listed and `calls` answered; signed in unless `signedOut`. Resolves
 * once the lazily loaded screen is up (the first import of its chunk takes a while in a test run).
 */
export async function renderMicro(path: string, calls: MicroCalls = {}, signedOut = false) {
  const { products: items = products() } = calls
  const app = await renderApp(
    path,
    (c) => {
      if (c.url.startsWith('/api/currency/currency_list')) return envelope(1, [btcUsdt])
      if (c.url.startsWith('/api/micro/products')) return envelope(1, items)
      if (c.url.startsWith('/api/assets/overview')) return envelope(1, withOptions(calls.available ?? '1000'))
      if (c.url.startsWith('/api/micro/order_list'))
        return calls.list?.(c) ?? envelope(1, { list: [], total: 0, page: 1, limit: 50 })
      if (c.url.startsWith('/api/micro/order_detail')) return calls.detail?.(c)
      if (c.url === '/api/micro/order_place') return calls.place?.(c)
      return undefined
    },
    signedOut ? {} : { user: userInfo() },
  )
  await waitFor(() => expect(document.querySelector('.mc-body, .mc-history')).not.toBeNull(), { timeout: 15_000 })
  return app
}

/** A micro/order_list answer of `list`. */
export const listAnswer = (list: MicroOrder[]) => envelope(1, { list, total: list.length, page: 1, limit: 50 })
