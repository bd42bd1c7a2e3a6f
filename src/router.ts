/** The app's router: generated file routes, plain history, and the context every route receives ({ api, i18n }). */
import { i18n } from '@lingui/core'
import { createRouter } from '@tanstack/react-router'
import { createAppApi, type Api } from './api'
import { routeTree } from './routeTree.gen'

/** Creates the router and the API bound to it (the API navigates to /login on 401/4001). */
export function createAppRouter() {
  let navigateToLogin = (): void => undefined
  let currentPath = (): string => location.pathname + location.search
  const api: Api = createAppApi({ currentPath: () => currentPath(), navigate: () => navigateToLogin() })
  const router = createRouter({
    routeTree,
    context: { api, i18n },
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
