/** The app's router: generated file routes, and the context every route receives ({ api, engine, i18n }). */
import { i18n } from '@lingui/core'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { createAppApi, type Api } from './api'
import type { EngineClient } from './engine'
import { routeTree } from './routeTree.gen'

/**
 * Creates the router and the API bound to it (the API navigates to /login on 401/4001).
 * @param engine the market engine every screen reaches through the context
 * @param history default: the browser's; tests pass a memory history
 */
export function createAppRouter({ engine, history }: { engine: EngineClient; history?: RouterHistory }) {
  let navigateToLogin = (): void => undefined
  let currentPath = (): string => location.pathname + location.search
  const api: Api = createAppApi({ currentPath: () => currentPath(), navigate: () => navigateToLogin() })
  const router = createRouter({
    routeTree,
    context: { api, engine, i18n },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
  navigateToLogin = () => void router.navigate({ to: '/login' })
  currentPath = () => router.state.location.href
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
