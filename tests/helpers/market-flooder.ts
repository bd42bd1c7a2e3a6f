/**
 * A flooding market client on a worker thread: it sends `count` `req` on one connection at once and sorts the
 * replies. On its own thread it stands for a client on another machine: its inflating and parsing do not run on
 * the loop whose responsiveness the test measures (the gateway's).
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

export interface FloodResult {
  ok: number
  /** Replies `{"status":"error","err-code":"bad-request","err-msg":"429 too many request"}`. */
  tooMany: number
  other: string[]
  /** Bars in the first ok answer. */
  firstBars: number
  /** Status of one more `req`, sent once the flood was answered, retried until ok or 5 s. */
  after: string
  /** Seconds from the first request sent to the last reply. */
  seconds: number
}

const WORKER = `
const { workerData: d, parentPort } = require('node:worker_threads')
const WebSocket = require(d.wsPath)
const { gunzipSync } = require('node:zlib')
const ws = new WebSocket(d.url)
const res = { ok: 0, tooMany: 0, other: [], firstBars: 0, after: 'none', seconds: 0 }
let answered = 0, t0 = 0, deadline = 0
const req = (id) => ws.send(JSON.stringify({ req: d.topic, id }))
ws.on('open', () => {
  t0 = performance.now()
  for (let i = 0; i < d.count; i++) req('f' + i)
})
ws.on('message', (data) => {
  const m = JSON.parse(gunzipSync(data).toString())
  if (typeof m.ping === 'number') return ws.send(JSON.stringify({ pong: m.ping }))
  if (m.id === 'after') {
    res.after = m.status
    if (m.status !== 'ok' && performance.now() < deadline) return req('after')
    ws.close()
    return parentPort.postMessage(res)
  }
  if (m.status === 'ok') {
    if (res.ok++ === 0) res.firstBars = m.data.length
  } else if (m.status === 'error' && m['err-code'] === 'bad-request' && m['err-msg'] === '429 too many request') res.tooMany++
  else if (res.other.length < 5) res.other.push(JSON.stringify(m).slice(0, 200))
  if (++answered === d.count) {
    res.seconds = (performance.now() - t0) / 1000
    deadline = performance.now() + 5000
    req('after')
  }
})
ws.on('error', (err) => parentPort.postMessage({ error: err.message }))
`

/** Floods `url` with `count` `req` on `topic` from a worker thread; resolves with what came back. */
export function floodFromWorker(url: string, topic: string, count: number): Promise<FloodResult> {
  const wsPath = createRequire(import.meta.url).resolve('ws')
  const worker = new Worker(WORKER, { eval: true, execArgv: [], workerData: { url, topic, count, wsPath } })
  return new Promise((resolve, reject) => {
    worker.once('message', (r: FloodResult | { error: string }) => {
      void worker.terminate()
      if ('error' in r) reject(new Error(r.error))
      else resolve(r)
    })
    worker.once('error', reject)
  })
}
