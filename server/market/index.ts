/**
 * The market side of the server: picks the source named by MARKET_SOURCE, feeds its events into the hub and serves
 * them through the HTX-protocol gateway. server/main.ts calls `startMarket` and reads the MarketService.
 */
import type { ConnectionLimits } from './gateway/budget'
import { startGateway } from './gateway/server'
import { Hub } from './hub/hub'
import { type SourceTuning, createSource } from './sources/auto'
import type { SourceSink } from './sources/source'
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
 * Starts the market: builds the source (a bad replay file rejects with `file:line: reason`) unless
 * `opts.sourceOverride` gives one, loads its history, binds the gateway on `opts.host:opts.port` (0 = any free port;
 * rejects naming host:port when it cannot bind) unless `opts.gateway` is false, then goes live (through
 * `opts.wrapSink` when set). `close()` stops the source, the wrapper and the gateway.
 */
export async function startMarket(opts: MarketOptions, tuning: MarketTuning = {}): Promise<MarketService> {
  const source = opts.sourceOverride ?? (await createSource(opts, tuning))
  const hub = new Hub(source.specs, { tickerFromBars: source.tickerFromBars, history: source.history, log: opts.log })
  const gateway =
    opts.gateway === false
      ? undefined
      : await startGateway({
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
  let wrapper: { sink: SourceSink; stop(): Promise<void> } | undefined
  try {
    wrapper = await opts.wrapSink?.(hub, source)
    await source.start(wrapper?.sink ?? hub)
  } catch (err) {
    await wrapper?.stop()
    await gateway?.close()
    throw err
  }
  const where = gateway ? `on ${opts.tls ? 'wss' : 'ws'}://${opts.host}:${gateway.port}` : 'without a gateway'
  opts.log?.(`market: ${source.kind} (${source.detail}) ${where}`)
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
    priceAt: (symbol, ms) => {
      const at = Math.floor(ms / 1000)
      const [bar] = hub.state(symbol)?.series.range('1min', at - 3600, at, 1) ?? []
      if (!bar) return undefined
      return bar.id === at ? bar.open : bar.close
    },
    port: gateway?.port ?? 0,
    ...(gateway ? { attachUserStream: (handler) => gateway.attachUserStream(handler) } : {}),
    close: async () => {
      await source.stop()
      await wrapper?.stop()
      await gateway?.close()
    },
  }
}

export type { MarketOptions, MarketService } from './types'
