/**
 * `htx`: relays a live HTX-protocol feed (default wss://api.huobi.pro/ws). It subscribes ticker, depth.step0,
 * trade.detail and kline.1min for the catalog's spot symbols and turns the pushes into domain events; tickers are
 * HTX's own (rolling 24 h upstream). Kline history for `req` is fetched upstream with `req` (≤ 300 bars) and cached.
 * Coarser live bars are seeded from upstream's current bar of each period after every (re)connect, then grown from
 * the 1min pushes by the hub.
 */
import type { KlineTick } from '../../../../common/feed/messages'
import {
  KLINE_PERIODS,
  type KlinePeriod,
  depthTopic,
  klineTopic,
  tickerTopic,
  tradeTopic,
} from '../../../../common/feed/topics'
import { KLINE_REQ_MAX_BARS } from '../../../../common/constants'
import { CATALOG, catalogListing } from '../../catalog'
import type { MarketSource, SourceSink, SymbolSpec } from '../source'
import { convertPush, toBar } from './convert'
import { HistoryCache } from './history-cache'
import { Upstream, type UpstreamOptions } from './upstream'

/** Default upstream (htx-protocol.md a1). */
export const HTX_DEFAULT_URL = 'wss://api.huobi.pro/ws'
/** Decimals kept when summing HTX volumes (HTX sends them unrounded). */
const HTX_SUM_DECIMALS = 10

export interface HtxOptions {
  url?: string
  log?: (msg: string) => void
  /** Upstream tuning (tests shorten the backoff). */
  upstream?: Pick<UpstreamOptions, 'minBackoffMs' | 'maxBackoffMs' | 'silenceMs' | 'reqTimeoutMs'>
}

/** The catalog's spot markets: the only ones HTX quotes under our symbols. */
export function htxSpecs(): SymbolSpec[] {
  return CATALOG.filter((e) => e.category === 'spot').map((e) => ({
    ...catalogListing(e),
    volume_decimals: HTX_SUM_DECIMALS,
    turnover_decimals: HTX_SUM_DECIMALS,
  }))
}

/**
 * The relay source (not started). `start` connects and returns at once (reconnecting in the background while the
 * feed is down); `history` answers kline `req`s from upstream through the cache.
 */
export function createHtxSource(opts: HtxOptions = {}): MarketSource {
  const url = opts.url ?? HTX_DEFAULT_URL
  const specs = htxSpecs()
  const cache = new HistoryCache()
  const lastMinute = new Map<string, KlineTick>()
  const seeded = new Set<string>()
  let upstream: Upstream | undefined

  const history = async (symbol: string, period: KlinePeriod, from?: number, to?: number): Promise<KlineTick[]> => {
    const key = cache.key(symbol, period, from, to)
    const hit = cache.get(key)
    if (hit) return hit
    if (!upstream) throw new Error('htx relay not started')
    const body: Record<string, unknown> = { req: klineTopic(symbol, period) }
    if (from !== undefined) body.from = from
    if (to !== undefined) body.to = to
    const data = await upstream.request(body)
    const lo = from !== undefined && to !== undefined ? from : -Infinity
    const bars = (Array.isArray(data) ? data : [])
      .map(toBar)
      .filter((b): b is KlineTick => !!b && b.id >= lo && b.id <= (to ?? Infinity))
      .sort((a, b) => a.id - b.id)
      .slice(-KLINE_REQ_MAX_BARS)
    cache.put(key, period, to, bars)
    return bars
  }

  const seed = (sink: SourceSink, symbol: string) => {
    for (const period of KLINE_PERIODS) {
      if (period === '1min') continue
      history(symbol, period)
        .then((bars) => {
          const last = bars[bars.length - 1]
          if (last) sink.seedPeriod?.(symbol, period, last, lastMinute.get(symbol))
        })
        .catch((err: Error) => opts.log?.(`htx relay: cannot seed ${symbol} ${period}: ${err.message}`))
    }
  }

  return {
    kind: 'htx',
    detail: url,
    live: true,
    specs,
    tickerFromBars: false,
    history,
    async start(sink: SourceSink) {
      upstream = new Upstream({
        url,
        ...opts.upstream,
        log: opts.log,
        onDown: () => seeded.clear(),
        onPush(ch, ts, tick) {
          const e = convertPush(ch, ts, tick)
          if (!e) return
          if (e.type === 'candle') {
            lastMinute.set(e.symbol, e.bar)
            if (!seeded.has(e.symbol)) {
              seeded.add(e.symbol)
              seed(sink, e.symbol)
            }
          }
          sink.event(e)
        },
      })
      for (const s of specs) {
        for (const topic of [
          tickerTopic(s.symbol),
          depthTopic(s.symbol),
          tradeTopic(s.symbol),
          klineTopic(s.symbol, '1min'),
        ]) {
          upstream.subscribe(topic)
        }
      }
      upstream.open()
      opts.log?.(`market: relaying ${specs.length} HTX markets from ${url}`)
    },
    async stop() {
      upstream?.close()
    },
  }
}
