/**
 * A hub with hand-made markets for gateway and hub tests, plus builders of domain events, so a test can feed exactly
 * the bars, trades and books it then expects to read back through the protocol.
 */
import type { DepthTick, KlineTick, TradeItem } from '../../common/feed/messages'
import { Hub } from '../../server/market/hub/hub'
import { type Gateway, type GatewayOptions, startGateway } from '../../server/market/gateway/server'
import type { SymbolSpec } from '../../server/market/sources/source'

export const TEST_SPEC: SymbolSpec = {
  symbol: 'btcusdt',
  category: 'spot',
  base: 'BTC',
  quote: 'USDT',
  price_precision: 2,
  amount_precision: 6,
  volume_decimals: 6,
  turnover_decimals: 8,
}

export const FOREX_SPEC: SymbolSpec = {
  symbol: 'eurusd',
  category: 'forex',
  base: 'EUR',
  quote: 'USD',
  price_precision: 5,
  amount_precision: 2,
  volume_decimals: 2,
  turnover_decimals: 7,
}

export function testHub(specs: SymbolSpec[] = [TEST_SPEC, FOREX_SPEC]): Hub {
  return new Hub(specs, { tickerFromBars: true })
}

/** Starts a gateway on an ephemeral loopback port over `hub`. */
export async function testGateway(hub: Hub, opts: Partial<GatewayOptions> = {}): Promise<{ gw: Gateway; url: string }> {
  const gw = await startGateway({ host: '127.0.0.1', port: 0, feed: hub, ...opts })
  return { gw, url: `ws://127.0.0.1:${gw.port}` }
}

/** A 1min bar at `id` seconds with the given prices and volumes. */
export function bar(id: number, o: number, h: number, l: number, c: number, amount = 1, vol = 0, count = 1): KlineTick {
  return { id, open: o, high: h, low: l, close: c, amount, vol, count }
}

/** `n` consecutive 1min bars from `startId`, prices drifting by a cent per bar. */
export function bars(startId: number, n: number, base = 100): KlineTick[] {
  return Array.from({ length: n }, (_, i) => {
    const o = Math.round((base + i * 0.01) * 100) / 100
    return bar(
      startId + i * 60,
      o,
      Math.round((o + 0.05) * 100) / 100,
      Math.round((o - 0.03) * 100) / 100,
      Math.round((o + 0.01) * 100) / 100,
      0.5,
      Math.round(o * 50) / 100,
      2,
    )
  })
}

export function trade(tradeId: number, price: number, amount: number, ts = tradeId): TradeItem {
  return { id: tradeId, ts, tradeId, price, amount, direction: 'buy' }
}

export function book(mid: number, version: number): DepthTick {
  return {
    bids: [
      [mid - 0.01, 1],
      [mid - 0.02, 2],
    ],
    asks: [
      [mid, 1.5],
      [mid + 0.01, 3],
    ],
    version,
    ts: version,
  }
}
