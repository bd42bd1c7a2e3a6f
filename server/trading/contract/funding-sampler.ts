/**
 * Premium index samples, taken in-process every FUNDING_SAMPLE_MS (Binance samples every 5 s) for every market quoted
 * in the margin currency: the impact bid and ask of the current feed book (fresh per server/trading/freshness.ts)
 * against the spot index (the feed's last trade, see funding-rate.ts), with the mark price at that moment. Each
 * process keeps its own samples of the last two intervals in memory; the funding job fixes a funding time's rate from
 * them (funding-rates.ts), and GET contract/funding estimates the coming one. Times are the funding clock's (the real
 * time, plus the test offset under CLOCK_CONTROL=1: server/trading/earn/clock.ts), so a test can reach a funding time.
 */
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'
import type { MarketService } from '../../market/types'
import { clockControlAllowed, earnClock } from '../earn/clock'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractTerms, MARGIN_CURRENCY, type ContractTerms } from './config'
import {
  averagePremium,
  FUNDING_INTERVAL_MS,
  fundingRate,
  FUNDING_INTEREST_RATE,
  impactNotional,
  impactPrice,
  nextFundingTime,
  premiumIndex,
} from './funding-rate'
import { marksFor } from './marks'

/** How often premiums are sampled, ms (Binance: every 5 s). */
export const FUNDING_SAMPLE_MS = 5000
/** How long a market's terms are reused between samples, ms. */
const TERMS_TTL_MS = 60_000

/** One sample: funding-clock time (ms), premium index, mark price. */
export interface FundingSample {
  t: number
  premium: DecimalString
  mark: DecimalString
}

/** A funding rate estimate: the interval's average premium so far and the rate it gives. */
export interface FundingEstimate {
  rate: DecimalString
  premiumIndex: DecimalString
  interestRate: DecimalString
  /** The funding time it is for, epoch ms (funding clock). */
  fundingTime: number
  samples: number
}

/** The sampler of one market service. */
export interface FundingSampler {
  /** Takes one sample of every market now (the timer calls it); answers how many markets were sampled. */
  sample(): Promise<number>
  /** The samples of `symbol` in the interval that ends at funding time `fundingTime`: (fundingTime − 8 h, fundingTime]. */
  samplesFor(symbol: string, fundingTime: number): FundingSample[]
  /** The estimate of `symbol`'s rate at its next funding time after the funding clock's now; undefined if unlisted. */
  estimate(symbol: string): Promise<FundingEstimate | undefined>
  /** The funding clock. */
  now(): Promise<Date>
  stop(): void
}

type Deps = {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent' | 'listings' | 'lastBook'>
  /** The funding clock (default: the financial products' clock, honouring CLOCK_CONTROL). */
  now?: () => Date | Promise<Date>
  intervalMs?: number
}

/** Starts sampling `deps.market` every `intervalMs` (default FUNDING_SAMPLE_MS; 0: only when asked). */
export function startFundingSampler(deps: Deps): FundingSampler {
  const clock = deps.now ?? earnClock(deps.db, clockControlAllowed())
  const marks = marksFor(deps.market)
  const samples = new Map<string, FundingSample[]>()
  const terms = new Map<string, { at: number; terms: ContractTerms | undefined }>()
  const termsOf = async (symbol: string): Promise<ContractTerms | undefined> => {
    const cached = terms.get(symbol)
    if (cached && Date.now() - cached.at < TERMS_TTL_MS) return cached.terms
    const fresh = await contractTerms(deps.db, symbol)
    terms.set(symbol, { at: Date.now(), terms: fresh })
    return fresh
  }

  const sampleOne = async (symbol: string, t: number): Promise<boolean> => {
    const market = await termsOf(symbol)
    if (!market || market.quote !== MARGIN_CURRENCY) return false
    const book = deps.market.lastBook(symbol)
    const mark = marks.mark(symbol)
    const maxAge = await priceMaxAgeMs(deps.db, symbol)
    if (!book || !mark || !isFresh(book.tick.ts, Date.now(), maxAge) || !isFresh(mark.ts, Date.now(), maxAge)) {
      return false
    }
    const notional = impactNotional(market.maxLeverage)
    const bid = impactPrice(book.tick.bids, notional)
    const ask = impactPrice(book.tick.asks, notional)
    if (!bid || !ask) return false
    const list = samples.get(symbol) ?? []
    list.push({ t, premium: premiumIndex(bid, ask, mark.last), mark: mark.price })
    // Two intervals are enough: the one running and the one whose rate the job may still have to fix.
    while (list.length > 0 && list[0]!.t <= t - 2 * FUNDING_INTERVAL_MS) list.shift()
    samples.set(symbol, list)
    return true
  }

  const sample = async () => {
    const t = (await clock()).getTime()
    let n = 0
    for (const l of deps.market.listings()) if (await sampleOne(l.symbol, t)) n++
    return n
  }

  const samplesFor = (symbol: string, fundingTime: number) =>
    (samples.get(symbol) ?? []).filter((s) => s.t > fundingTime - FUNDING_INTERVAL_MS && s.t <= fundingTime)

  const interval = deps.intervalMs ?? FUNDING_SAMPLE_MS
  const timer = interval > 0 ? setInterval(() => void sample().catch(() => undefined), interval) : undefined
  timer?.unref()
  return {
    sample,
    samplesFor,
    async estimate(symbol) {
      const market = await termsOf(symbol)
      if (!market) return undefined
      const fundingTime = nextFundingTime((await clock()).getTime())
      const list = samplesFor(symbol, fundingTime)
      const premium = averagePremium(list.map((s) => s.premium))
      return {
        rate: fundingRate(premium, market.maintenanceMarginRate),
        premiumIndex: premium,
        interestRate: parseDecimal(FUNDING_INTEREST_RATE),
        fundingTime,
        samples: list.length,
      }
    },
    now: async () => clock(),
    stop: () => {
      if (timer) clearInterval(timer)
    },
  }
}

const samplers = new WeakMap<object, FundingSampler>()

/**
 * The sampler of `deps.market`, started on first use and shared by everything of this process (the funding job and
 * GET contract/funding), so the estimate shown is the one the job will fix.
 */
export function fundingSamplerFor(deps: Deps): FundingSampler {
  let sampler = samplers.get(deps.market)
  if (!sampler) samplers.set(deps.market, (sampler = startFundingSampler(deps)))
  return sampler
}
