/** The slice of the WebSocket API the engine uses, so Node tests can inject the `ws` package's client. */

export interface SocketMessageEvent {
  data: unknown
}

/** Anything WebSocket-shaped: the browser's WebSocket or `ws`'s, both with `on*` handler properties. */
export interface WebSocketLike {
  binaryType: string
  readonly readyState: number
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: unknown) => void) | null
  onerror: ((ev: unknown) => void) | null
  onmessage: ((ev: SocketMessageEvent) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
}

/** Opens a socket to `url`. */
export type SocketFactory = (url: string) => WebSocketLike

/** WebSocket.OPEN */
export const OPEN = 1

/** Timing knobs of the market socket (ms). Defaults come from common/constants. */
export interface SocketTiming {
  /** Client `{"ping":ts}` interval (spec §9: 3000). */
  pingIntervalMs: number
  /** Silence after which a socket is declared dead, ms (reliability.md W2: 3 ping intervals). */
  staleAfterMs: number
  /** First reconnect delay after a close (spec §4: 2000). */
  reconnectDelayMs: number
  /** Cap of the growing reconnect delay (reliability.md W4). */
  reconnectMaxDelayMs: number
  /** Time allowed for a socket to open before it is abandoned (ccxt default 10 s). */
  connectTimeoutMs: number
  /** Minimum gap between two `req` sends on one socket (htx-protocol.md a4: 100 ms). */
  reqGapMs: number
  /** Time after which an unanswered `req` is rejected. */
  reqTimeoutMs: number
}
