/** Construction options, defaults and counters of the market socket. */
import { API_TIMEOUT_MS, PING_INTERVAL_MS, RECONNECT_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../../common/constants'
import type { Push } from '../codec/decode'
import type { InboundOptions } from './inbound-queue'
import type { SocketFactory, SocketTiming } from './types'

/** Spec figures (§4, §9), the 3-missed-pings stale rule (reliability.md W2) and the 100 ms req gap (htx a4). */
export const DEFAULT_TIMING: SocketTiming = {
  pingIntervalMs: PING_INTERVAL_MS,
  staleAfterMs: 3 * PING_INTERVAL_MS,
  reconnectDelayMs: RECONNECT_DELAY_MS,
  reconnectMaxDelayMs: RECONNECT_MAX_DELAY_MS,
  connectTimeoutMs: 10_000,
  reqGapMs: 100,
  reqTimeoutMs: API_TIMEOUT_MS,
}

export interface MarketSocketDeps {
  factory: SocketFactory
  /** Called for every valid push with the worker time it arrived (ms). Exceptions are caught and logged. */
  onPush: (push: Push, receivedAt: number) => void
  /** Called after each open, after topics were resubscribed (e.g. to refetch history). */
  onOpen?: () => void
  /** Called when connected/topics/reconnects change. */
  onChange?: () => void
  timing?: Partial<SocketTiming>
  now?: () => number
  /**
   * Monotonic ms clock for the inbound queue's slice budget (default `now`); the worker passes performance.now so
   * budgets hold even if the wall clock steps.
   */
  clock?: () => number
  /** Inbound queue knobs (slice, behind thresholds, bounds, the yield); tests inject `defer`. */
  inbound?: Partial<Omit<InboundOptions, 'process' | 'now'>>
  random?: () => number
  log?: Pick<Console, 'warn'>
}

/** Counters shown in status and in `self.engine`. */
export interface SocketCounters {
  frames: number
  decodeErrors: number
  decodeErrorsBy: Record<string, number>
  reconnects: number
  sent: number
  lastFrameAt: number | null
  lastError: string | null
}
