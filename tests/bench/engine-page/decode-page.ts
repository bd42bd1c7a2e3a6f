/** Page side of the Chromium decode bench: hands frame sets to a dedicated worker and returns its timings. */
import type { DecodeResult } from '../decode-variants'
import type { DecodeRequest } from './decode-worker'

const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' })

function run(req: DecodeRequest): Promise<DecodeResult> {
  return new Promise((resolve) => {
    worker.onmessage = (e: MessageEvent<DecodeResult>) => resolve(e.data)
    worker.postMessage(req)
  })
}

;(window as unknown as { bench: { run: typeof run } }).bench = { run }
