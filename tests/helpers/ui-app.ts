/**
 * Renders the real app (router, route tree, forms, toasts) in happy-dom for component interaction tests: a memory
 * history at `path`, the fake engine in the router context, `fetch` answered by a scripted handler, English active.
 * Helpers read what a user sees: the error shown under a field (its aria-describedby note) and the form's alert.
 */
import { i18n, type Messages } from '@lingui/core'
import { createMemoryHistory } from '@tanstack/react-router'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createElement } from 'react'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import type { UserInfo } from '../../common/api/account'
import { App } from '../../src/App'
import { wrapRemote } from '../../src/engine'
import { createAppRouter } from '../../src/router'
import { logout, startSession } from '../../src/state/session'
import { toastStore } from '../../src/ui/toast'
import { fakeEngineApi } from './ui-engine'
import { scriptedFetch, type FetchHandler, type RecordedCall } from './ui-fetch'
import { userInfo } from './ui-user'

export { userInfo }

/** Renders the app at `path`; with `user`, signed in as that user (user/info answers it unless the handler does). */
export async function renderApp(path: string, handler: FetchHandler, opts: { user?: UserInfo } = {}) {
  const locale = 'en'
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale: 'en', messages })
  toastStore.current = null
  await logout()
  if (opts.user) startSession('test-token', opts.user)
  const user = opts.user
  // A handler may answer later (a promise: resolved = that answer, rejected = the network failed).
  const late = new Map<RecordedCall, Promise<unknown>>()
  const scripted = scriptedFetch((call) => {
    const answer = handler(call)
    if (answer instanceof Promise) {
      late.set(call, answer)
      return new Response('late')
    }
    if (answer !== undefined) return answer
    if (user && call.url.startsWith('/api/user/info')) return { code: 1, msg: 'success', data: user }
    return new Response('not scripted', { status: 404 })
  })
  globalThis.fetch = async (input, init) => {
    const first = await scripted.fetch(input, init)
    const pending = late.get(scripted.calls[scripted.calls.length - 1] as RecordedCall)
    if (!pending) return first
    const answer = await pending
    return answer instanceof Response
      ? answer
      : new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  }
  const engine = fakeEngineApi()
  const router = createAppRouter({
    engine: wrapRemote(engine),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  render(createElement(App, { router, ready: Promise.resolve() }))
  await waitFor(() => expect(document.querySelector('.page')).not.toBeNull()) // the route's screen is up
  return {
    router,
    engine,
    calls: scripted.calls,
    user: userEvent.setup(),
    /** Calls made to `path` (e.g. 'user/login'). */
    callsTo: (apiPath: string): RecordedCall[] => scripted.calls.filter((c) => c.url.startsWith(`/api/${apiPath}`)),
    /** Waits until the router is at `pathname`. */
    at: (pathname: string) => waitFor(() => expect(router.state.location.pathname).toBe(pathname)),
  }
}

/** The text shown under `input` (its error or hint, tied by aria-describedby), or ''. */
export function noteOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby')
  return (id && document.getElementById(id)?.textContent) || ''
}

/** The error shown under the field labelled `label`, or '' when it has none (an error marks the input invalid). */
export function errorUnder(label: string | RegExp): string {
  const input = screen.getByLabelText(label, { selector: 'input,textarea' })
  return input.getAttribute('aria-invalid') === 'true' ? noteOf(input) : ''
}

/** Unmounts what `renderApp` rendered. */
export function cleanupApp(): void {
  cleanup()
}

/**
 * For a test file whose app waits on timers (rotations, grace periods): fake timers that still follow real time, so
 * `waitFor` keeps working while `vi.advanceTimersByTimeAsync` jumps ahead, and the app cleaned up after each test.
 */
export function withAppClock(): void {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => {
    vi.useRealTimers()
    cleanupApp()
  })
}
