/**
 * Start-up steps (spec §4 "App start"): restore the session, fetch the config (falling back to the last one seen
 * when offline), point the market engine at the configured port, and load the first route.
 */
import { dropEarlyCalls, type Api } from './api'
import type { EngineClient } from './engine'
import { restoreSession } from './state/session'
import { setConfig, systemStore } from './state/system'

/** Fetches and stores `common/config`; keeps the stored copy when the call fails. */
export async function loadConfig(api: Pick<Api, 'getConfig'>): Promise<void> {
  try {
    setConfig(await api.getConfig({ silent: true }))
  } catch {
    // Offline start: the service worker's cached answer or the persisted copy (systemStore) stands in.
  }
}

/**
 * Runs the start-up steps with the router context's services; resolves when the first screen can be shown (never
 * rejects). The config call and the first route (its chunk and its loader's calls) run side by side: no route
 * loader reads the config, and on a slow network each round trip saved is ~0.6 s of the first paint (issue 9).
 */
export async function boot(
  { api, engine }: { api: Api; engine: EngineClient },
  loadFirstRoute: () => Promise<void>,
): Promise<void> {
  restoreSession(api) // refreshes USERINFO in the background when a token is stored
  const route = loadFirstRoute().catch((err: unknown) => console.warn('first route failed to load', err))
  await loadConfig(api)
  const port = systemStore.config?.market_port
  if (port) void engine.connect({ port }).catch((err: unknown) => console.warn('market connect failed', err))
  await route
  // Start-up's calls have taken their early answers (src/early.ts); any left over must not serve a later call.
  dropEarlyCalls()
}
