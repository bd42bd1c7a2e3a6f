/**
 * The market side of the server: picks the source named by MARKET_SOURCE, feeds its events into the hub and serves
 * them through the HTX-protocol gateway. server/main.ts calls `startMarket` and reads the MarketService.
 */
import type { ConnectionLimits } from './gateway/budget'
import { startGateway } from './gateway/server'
import { Hub } from './hub/hub'
import { type SourceTuning, createSource } from './sources/auto'
import type { MarketOptions, MarketService } from './types'

/** Test and bench knobs; production passes none. */
export interface MarketTuning extends SourceTuning {
  pingIntervalMs?: number
  maxMissedPings?: number
  /** Bytes a client may hold before it is dropped (gateway default 8 MiB). */
  maxBacklogBytes?: number
  /** Per-connection budgets (gateway default DEFAULT_LIMITS). */
  limits?: Partial<ConnectionLimits>
}

/**
 * Starts the market: builds the source (a bad replay file rejects with `file:line: reason`), loads its history,
 * binds the gateway on `opts.host:opts.port` (0 = any free port; rejects naming host:port when it cannot bind),
 * then goes live. `close()` stops the source and the gateway.
 */
export async function startMarket(opts: MarketOptions, tuning: MarketTuning = {}): Promise<MarketService> {
  const source = await createSource(opts, tuning)
  const hub = new Hub(source.specs, { tickerFromBars: source.tickerFromBars, history: source.history, log: opts.log })
  const gateway = await startGateway({
    host: opts.host,
    port: opts.port,
    tls: opts.tls,
    feed: hub,
    pingIntervalMs: tuning.pingIntervalMs,
    maxMissedPings: tuning.maxMissedPings,
    maxBacklogBytes: tuning.maxBacklogBytes,
    limits: tuning.limits,
    log: opts.log,
  })
  try {
    await source.start(hub)
  } catch (err) {
    await gateway.close()
    throw err
  }
  opts.log?.(`market: ${source.kind} (${source.detail}) on ${opts.tls ? 'wss' : 'ws'}://${opts.host}:${gateway.port}`)
  return {
    source: source.kind,
    sourceDetail: source.detail,
    live: source.live,
    ...(source.fallback === undefined ? {} : { fallback: source.fallback }),
    liveTradingOnTestFeed: opts.liveTradingOnTestFeed === true,
    makeup: source.makeup ?? [],
    listings: () =>
      source.specs.map(({ symbol, category, base, quote, price_precision, amount_precision }) => ({
        symbol,
        category,
        base,
        quote,
        price_precision,
        amount_precision,
      })),
    onEvent: (listener) => hub.onEvent(listener),
    lastTicker: (symbol) => hub.lastTicker(symbol),
    lastTickerAt: (symbol) => hub.lastTickerAt(symbol),
    lastBook: (symbol) => hub.lastBook(symbol),
    port: gateway.port,
    attachUserStream: (handler) => gateway.attachUserStream(handler),
    close: async () => {
      await source.stop()
      await gateway.close()
    },
  }
}

export type { MarketOptions, MarketService } from './types'
