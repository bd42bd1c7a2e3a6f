/**
 * Source selection from MARKET_SOURCE (DESIGN §2): `sim`, `htx`, `replay:<file or folder>`, or `auto` = the HTX
 * relay when its feed answers within 5 s (connected and a first message), else sim. `auto` falls back at once when
 * the connection fails outright (refused, no DNS: the usual state of a machine without internet). A fallback is an
 * error the operator must see (issue 21 part 7): it is logged through `logError`, and the source carries `fallback`
 * (common/config answers it), since the prices are then simulated and live-book orders are refused.
 */
import type { MarketOptions } from '../types'
import { probeHtx } from './htx/probe'
import { HTX_DEFAULT_URL, createHtxSource, type HtxOptions } from './htx/relay'
import { createReplaySource } from './replay/index'
import { createSimSource } from './sim/index'
import type { MarketSource } from './source'

/** How long `auto` waits for the HTX feed, ms. */
export const AUTO_PROBE_MS = 5000

export interface SourceTuning {
  /** Override of AUTO_PROBE_MS (tests). */
  autoProbeMs?: number
  htx?: HtxOptions['upstream']
  /** Sim tick interval, ms. */
  simTickMs?: number
  now?: () => number
}

/** Builds the source named by `opts.source`; throws naming MARKET_SOURCE when it is not one of the four forms. */
export async function createSource(opts: MarketOptions, tuning: SourceTuning = {}): Promise<MarketSource> {
  const spec = opts.source.trim()
  const log = opts.log
  const sim = () => createSimSource({ seed: opts.simSeed, log, tickMs: tuning.simTickMs, now: tuning.now })
  const htx = () => createHtxSource({ url: opts.htxUrl, log, upstream: tuning.htx })
  if (spec === 'sim') return sim()
  if (spec === 'htx') return htx()
  if (spec.startsWith('replay:')) {
    const path = spec.slice('replay:'.length)
    if (!path) throw new Error('MARKET_SOURCE replay: needs a file or folder, e.g. replay:../shared/data/market/klines')
    return createReplaySource(path, { speed: opts.replaySpeed, log, now: tuning.now })
  }
  if (spec === 'auto') {
    const url = opts.htxUrl ?? HTX_DEFAULT_URL
    if (await probeHtx(url, tuning.autoProbeMs ?? AUTO_PROBE_MS)) return htx()
    const why = `${url} not reachable within ${(tuning.autoProbeMs ?? AUTO_PROBE_MS) / 1000} s`
    ;(opts.logError ?? log)?.(
      `market: MARKET_SOURCE=auto: ${why}, using the SIMULATOR: prices are not live, live-book orders are refused`,
    )
    const source = sim()
    source.fallback = why
    return source
  }
  throw new Error(`MARKET_SOURCE must be auto, sim, htx or replay:<file or folder>, got "${opts.source}"`)
}
