/**
 * Owns the market-engine worker on the UI thread: starts it, wraps it with comlink and turns the EngineApi's
 * "subscribe → id, unsubscribe(id)" into plain callbacks returning an unsubscribe function. The only place in src/
 * that imports comlink or creates the worker. main.tsx starts it once and hands it to every screen through the
 * router context (`useEngine()`); tests put `wrapRemote(fakeEngineApi)` there instead.
 */
import * as Comlink from 'comlink'
import type { EngineApi, SubscriptionId, UserApi } from '../../common/engine-api'
import type { EngineClient, Unsubscribe, UserClient } from './types'

/** Starts the market-engine worker (connected to the default market URL) and returns its client. Call once. */
export function startWorkerEngine(): EngineClient {
  const worker = new Worker(new URL('../../src-worker/index.ts', import.meta.url), {
    type: 'module',
    name: 'market-engine',
  })
  const remote = Comlink.wrap<EngineApi>(worker)
  const client = wrapRemote(remote)
  void client.connect().catch((err: unknown) => console.warn('market engine connect failed', err))
  // Workers see neither page visibility nor (everywhere) `online`: tell the engine to check its socket now (W8).
  const api = remote as unknown as EngineApi
  const check = () => void api.checkLiveness?.().catch(() => undefined)
  addEventListener('online', check)
  addEventListener('offline', () => void api.networkLost?.().catch(() => undefined))
  // A hidden page may be frozen or closed and reopened offline: keep the last snapshots now, not at the next write.
  const flush = () => void api.flush?.().catch(() => undefined)
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'visible' ? check() : flush()))
  addEventListener('pagehide', flush)
  return client
}

/** Adapts a comlink Remote (or any EngineApi-shaped object) to EngineClient. Exported for tests. */
export function wrapRemote(remote: Comlink.Remote<EngineApi> | EngineApi): EngineClient {
  const api = remote as EngineApi
  const track = async (subscribe: Promise<SubscriptionId>): Promise<Unsubscribe> => {
    const id = await subscribe
    let done = false
    return () => {
      if (done) return
      done = true
      // The worker releases the proxied callback's port when it drops the subscription.
      void api.unsubscribe(id).catch(() => undefined)
    }
  }
  return {
    connect: (opts) => api.connect(opts),
    close: () => api.close(),
    status: () => api.status(),
    stats: () => (api.stats ? api.stats() : Promise.reject(new Error('engine has no stats()'))),
    cachedTickers: () => api.cachedTickers(),
    loadHistory: (symbol, period, beforeId, count) => api.loadHistory(symbol, period, beforeId, count),
    onTickers: (symbols, cb, opts) => track(api.subscribeTickers(symbols, Comlink.proxy(cb), opts)),
    onBook: (symbol, cb, opts) => track(api.subscribeBook(symbol, Comlink.proxy(cb), opts)),
    onCandles: (symbol, period, cb) => track(api.subscribeCandles(symbol, period, Comlink.proxy(cb))),
    onTrades: (symbol, cb, opts) => track(api.subscribeTrades(symbol, Comlink.proxy(cb), opts)),
    onStatus: (cb) => track(api.subscribeStatus(Comlink.proxy(cb))),
    ...(api.user ? { user: wrapUser(api.user) } : {}),
  }
}

/** Adapts `engine.user` (a comlink remote property, or a fake's UserApi) to UserClient. */
function wrapUser(user: UserApi): UserClient {
  return {
    connect: (getTicket, opts) => user.connect(Comlink.proxy(getTicket), opts),
    disconnect: () => user.disconnect(),
    seed: (snapshot) => user.seed(snapshot),
    status: () => user.status(),
    onSnapshot: async (cb) => {
      const id = await user.subscribe(Comlink.proxy(cb))
      let done = false
      return () => {
        if (done) return
        done = true
        void user.unsubscribe(id).catch(() => undefined)
      }
    },
  }
}
