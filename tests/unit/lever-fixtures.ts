/**
 * Futures for the lever-screen tests: the server's default terms of BTC/USDT (1–100×, maintenance 0.5 %, taker
 * 0.05 %, maker 0.02 %: server/trading/contract/config.ts CONTRACT_DEFAULTS), positions and the account as the server
 * answers them, /lever rendered with its calls answered, and book snapshots pushed the way the worker sends them.
 */
import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { CloseOrder, ContractAccount, ContractMarket, ContractOrder, Position } from '../../common/api/contract'
import type { BookSnapshot } from '../../common/engine-api'
import { btcUsdt, marketItem } from '../helpers/market-fixtures'
import { renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'

export const ethUsdt = marketItem('ethusdt', 'spot', 'USDT', { currency_name: 'ETH', amount_precision: 4, sort: 2 })

/** BTC/USDT's contract terms (the server's defaults; smallest order one unit of its 6 decimals). */
export function terms(patch: Partial<ContractMarket> = {}): ContractMarket {
  return {
    symbol: 'btcusdt',
    base: 'BTC',
    quote: 'USDT',
    min_leverage: 1,
    max_leverage: 100,
    maintenance_margin_rate: '0.005',
    taker_fee_rate: '0.0005',
    maker_fee_rate: '0.0002',
    min_amount: '0.0001',
    open: true,
    price_precision: 2,
    amount_precision: 6,
    ...patch,
  }
}

/** A contract wallet with `available` USDT and nothing else held. */
export function account(available: string, patch: Partial<ContractAccount> = {}): ContractAccount {
  return {
    currency: 'USDT',
    available,
    position_margin: '0',
    order_margin: '0',
    wallet_balance: available,
    unrealized_pnl: '0',
    equity: available,
    maintenance_margin: '0',
    max_transfer_out: available,
    ...patch,
  }
}

/** A 10× long of 0.1 BTC opened at 60,000 (margin 600), without a server mark yet. */
export function position(patch: Partial<Position> = {}): Position {
  return {
    id: 11,
    symbol: 'btcusdt',
    side: 'long',
    amount: '0.1',
    leverage: 10,
    margin: '600',
    open_price: '60000',
    mark_price: null,
    liquidation_price: null,
    tp: null,
    sl: null,
    unrealized_pnl: null,
    maintenance_margin_rate: '0.005',
    open_time: '2026-11-26 10:00:00',
    ...patch,
  }
}

/** A pending limit long of 0.01 BTC at 55,000, 5×. */
export function entrust(patch: Partial<ContractOrder> = {}): ContractOrder {
  return {
    id: 31,
    symbol: 'btcusdt',
    side: 'long',
    type: 'limit',
    price: '55000',
    amount: '0.01',
    filled_amount: '0',
    leverage: 5,
    margin: '110',
    fee: '0.11',
    tp: null,
    sl: null,
    status: 'pending',
    fill_price: null,
    position_id: null,
    client_oid: 'c0ffee00-0000-4000-8000-000000000031',
    created_at: '2026-11-26 10:00:00',
    filled_at: null,
    feed_event: null,
    ...patch,
  }
}

/** A book of `symbol` with one level each side, as the worker sends it (live, feed time `ts`). */
export function book(symbol: string, bid: number, ask: number, ts = Date.UTC(2026, 10, 26, 10, 0, 0)): BookSnapshot {
  return { symbol, bids: [[bid, 5]], asks: [[ask, 5]], version: 1, ts, receivedAt: ts, origin: 'live' }
}

type Answer = (c: RecordedCall, n: number) => unknown

/** What /lever's calls answer; each may be replaced. */
export interface LeverCalls {
  terms?: ContractMarket
  account?: ContractAccount
  positions?: Position[]
  entrusts?: ContractOrder[]
  /** The pending reduce-only orders (contract/close_orders); none by default. */
  closeOrders?: CloseOrder[]
  place?: Answer
  /** Any other contract call (close, close_all, tpsl, cancel, history). */
  other?: (c: RecordedCall) => unknown
}

/** /lever rendered with BTC/USDT and ETH/USDT listed; signed in unless `signedOut`. Resolves once the form is up. */
export async function renderLever(calls: LeverCalls = {}, signedOut = false) {
  let placed = 0
  const app = await renderApp(
    '/lever',
    (c) => {
      const path = c.url.replace(/^\/api\//, '').replace(/\?.*$/, '')
      if (path === 'currency/currency_list') return envelope(1, [btcUsdt, ethUsdt])
      if (path === 'contract/market_config') return envelope(1, calls.terms ?? terms())
      if (path === 'contract/account') return envelope(1, calls.account ?? account('1000'))
      if (path === 'contract/positions') return envelope(1, calls.positions ?? [])
      if (path === 'contract/order_list') {
        const list = calls.entrusts ?? []
        return envelope(1, { list, total: list.length, page: 1, limit: 50 })
      }
      if (path === 'contract/close_orders') return envelope(1, calls.closeOrders ?? [])
      if (path === 'contract/order_place') return calls.place?.(c, ++placed)
      if (path.startsWith('contract/')) return calls.other?.(c)
      return undefined
    },
    signedOut ? {} : { user: userInfo() },
  )
  await waitFor(() => expect(document.querySelector('.of-form')).not.toBeNull(), { timeout: 15_000 })
  return app
}

/** The body of a recorded call. */
export const bodyOf = (c: RecordedCall | undefined) => JSON.parse(c?.body ?? '{}') as Record<string, unknown>
