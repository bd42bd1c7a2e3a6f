/**
 * Entry of the market-engine dedicated worker: builds the engine over the browser's WebSocket and IndexedDB,
 * exposes it to the page with comlink (the only comlink import in src-worker) and publishes `self.engine` for the
 * devtools console (README.md).
 */
import * as Comlink from 'comlink'
import { createEngine } from './engine'
import type { WebSocketLike } from './socket/types'

declare const self: DedicatedWorkerGlobalScope & { engine?: unknown }

const { engine, inspector } = createEngine({
  // The DOM types its handlers with `this: WebSocket`; the engine only assigns plain functions to them.
  socketFactory: (url) => new WebSocket(url) as unknown as WebSocketLike,
  location: self.location,
  clock: () => performance.now(),
  releaseCallback: (cb) => {
    const release = (cb as Partial<Record<typeof Comlink.releaseProxy, () => void>>)[Comlink.releaseProxy]
    if (typeof release === 'function') release.call(cb)
  },
})

// The network coming back is a reason to check the socket at once rather than wait for the watchdog (W8).
self.addEventListener('online', () => void engine.checkLiveness())
self.addEventListener('offline', () => void engine.networkLost())

self.engine = inspector
Comlink.expose(engine)
