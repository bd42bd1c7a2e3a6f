/** A bare HTX-protocol client for the e2e run: one `req` on the market gateway, answer inflated. */
import { gunzipSync } from 'node:zlib'
import WebSocket from 'ws'

export function feedRequest<T>(url: string, message: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    const timer = setTimeout(() => {
      ws.terminate()
      reject(new Error(`no answer to ${JSON.stringify(message)}`))
    }, 10_000)
    ws.on('open', () => ws.send(JSON.stringify({ ...message, id: 'e2e' })))
    ws.on('message', (raw: Buffer) => {
      const msg = JSON.parse(gunzipSync(raw).toString('utf8')) as { id?: string; status?: string; data?: T }
      if (msg.id !== 'e2e') return
      clearTimeout(timer)
      ws.close()
      if (msg.status === 'ok') resolve(msg.data as T)
      else reject(new Error(`feed error: ${JSON.stringify(msg)}`))
    })
    ws.on('error', reject)
  })
}
