/**
 * Reachability check for `auto`: an HTX-protocol feed counts as reachable when a connection opens and its first
 * message arrives before the deadline.
 */
import { WebSocket } from 'ws'

/** Resolves true when `url` connects and sends a first message within `timeoutMs`; false on error, close or timeout. */
export function probeHtx(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let ws: WebSocket
    const done = (ok: boolean) => {
      clearTimeout(timer)
      ws.removeAllListeners()
      ws.on('error', () => {})
      ws.terminate()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    try {
      ws = new WebSocket(url, { handshakeTimeout: timeoutMs })
    } catch {
      clearTimeout(timer)
      resolve(false)
      return
    }
    // A sub draws an immediate ack, so a reachable feed answers well before its first ping (~5 s).
    ws.once('open', () => ws.send(JSON.stringify({ sub: 'market.btcusdt.ticker', id: 'probe' })))
    ws.once('message', () => done(true))
    ws.once('error', () => done(false))
    ws.once('close', () => done(false))
  })
}
