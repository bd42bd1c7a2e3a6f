/** Whether the K-line page may still expect market data soon, for its "Loading…" lines. */
import type { EngineStatus } from '../../../common/engine-api'
import { useEngineStatus } from '../../engine'

/**
 * True when the feed is down and nothing is coming soon: the socket is disconnected and the device is offline, a
 * connection attempt already failed, or frames had arrived before. A cold start is disconnected for a moment too,
 * which is not "unreachable". Pure, for tests.
 */
export function isUnreachable(status: EngineStatus | undefined, online: boolean): boolean {
  if (!status || status.connected) return false
  return !online || status.reconnects > 0 || status.lastFrameAt !== null
}

/** `isUnreachable` for the current engine status and `navigator.onLine`. */
export function useFeedUnreachable(): boolean {
  const online = typeof navigator === 'undefined' || navigator.onLine !== false
  return isUnreachable(useEngineStatus(), online)
}
