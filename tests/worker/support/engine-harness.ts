/** Builds a real engine in Node, connected to a local HTX test server through the `ws` package's WebSocket. */
import { vi } from 'vitest'
import WebSocket from 'ws'
import { createEngine, type EngineDeps } from '../../../src-worker/engine'
import type { WebSocketLike } from '../../../src-worker/socket/types'

/** Short timings so reconnect cycles take milliseconds; the real figures are checked under fake timers. */
export const FAST_TIMING = {
  pingIntervalMs: 60,
  staleAfterMs: 180,
  reconnectDelayMs: 20,
  reconnectMaxDelayMs: 100,
  connectTimeoutMs: 1000,
  reqGapMs: 100,
  reqTimeoutMs: 2000,
}

/** `ws` in Node 20 (no global WebSocket), injected as the socket factory. */
export const wsFactory = (url: string) => new WebSocket(url) as unknown as WebSocketLike

export function makeEngine(over: Partial<EngineDeps> = {}) {
  const warn = vi.fn()
  const released: unknown[] = []
  const built = createEngine({
    socketFactory: wsFactory,
    timing: FAST_TIMING,
    persist: false,
    log: { warn },
    releaseCallback: (cb) => released.push(cb),
    ...over,
  })
  return { ...built, warn, released }
}
