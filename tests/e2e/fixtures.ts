/**
 * The end-to-end fixtures: `server` (the one real server of the run, from ./global-setup.ts), `baseURL` pointing at
 * it so `page.goto('/home')` works, page errors printed, and `phone()` for a further fresh phone context (a second
 * user, a wallet, a stored session) that closes with the test. Every test gets its own browser context.
 */
import { test as base, type BrowserContextOptions, type Page } from '@playwright/test'
import type { Locale } from '../../common/constants'
import { PHONE } from './phone'

/** The running server as the tests reach it. */
export interface E2EServer {
  url: string
  marketPort: number
  /** DATA_DIR of the server: the admin CLI talks to it through DATA_DIR/admin.sock. */
  dataDir: string
  /** True when it replays the recordings, false on the sim source. */
  replay: boolean
  /** JSON-RPC of the local EVM chain the server watches (EVM_DEV_CHAIN=1); the shared server always has one. */
  rpcUrl?: string
}

/** A session stored in the page as a login stores it. */
export interface StoredSession {
  token: string
  user?: unknown
}

export interface PhoneOptions extends BrowserContextOptions {
  /** Signed in from the first page load on (LOGIN_TOKEN and USERINFO in localStorage). */
  session?: StoredSession
  /** The app's theme as the theme switch stores it (THEME), and the system's colour scheme to match. */
  theme?: 'light' | 'dark'
  /** The interface language as the language picker stores it (LANGUAGE_KEY); else the browser's (English). */
  language?: Locale
}

function sharedServer(): E2EServer {
  const raw = process.env.E2E_SERVER
  if (!raw)
    throw new Error('E2E_SERVER is unset: run the suite with `npm run test:e2e` (its global setup starts the server)')
  return JSON.parse(raw) as E2EServer
}

/**
 * Runs before the app in every page: records the text of every toast shown in `window.__e2eToasts`. A toast stays
 * 1.5 s; a loaded machine can take longer than that between two checks, so tests read what was shown instead.
 */
export const TOAST_RECORDER = `(function () {
  var seen = [];
  Object.defineProperty(window, '__e2eToasts', { value: seen });
  var last = null;
  new MutationObserver(function () {
    var el = document.querySelector('.toast');
    var text = el ? el.textContent : null;
    if (text && text !== last) seen.push(text);
    last = text;
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`

/** Logs the page's uncaught errors with the test's output (they are not failures by themselves). */
export function logPageErrors(page: Page): void {
  page.on('pageerror', (err) => console.log(`    page error: ${err.message}`))
}

/** localStorage of `origin` holding `session` (and a chosen `language`), as a storage state for a new context. */
export function sessionState(
  origin: string,
  session?: StoredSession,
  language?: Locale,
): NonNullable<BrowserContextOptions['storageState']> {
  const localStorage: { name: string; value: string }[] = []
  if (session) localStorage.push({ name: 'LOGIN_TOKEN', value: JSON.stringify(session.token) })
  if (session?.user !== undefined) localStorage.push({ name: 'USERINFO', value: JSON.stringify(session.user) })
  if (language) localStorage.push({ name: 'LANGUAGE_KEY', value: JSON.stringify(language) })
  return { cookies: [], origins: [{ origin, localStorage }] }
}

export const test = base.extend<{ phone: (opts?: PhoneOptions) => Promise<Page> }, { server: E2EServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
  server: [async ({}, use) => use(sharedServer()), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.url),
  context: async ({ context }, use) => {
    await context.addInitScript({ content: TOAST_RECORDER })
    await use(context)
  },
  page: async ({ page }, use) => {
    logPageErrors(page)
    await use(page)
  },
  phone: async ({ browser, server, serviceWorkers }, use) => {
    const opened: { close(): Promise<void> }[] = []
    await use(async ({ session, theme, language, ...opts } = {}) => {
      const context = await browser.newContext({
        ...PHONE,
        baseURL: server.url,
        serviceWorkers,
        storageState: sessionState(server.url, session, language),
        ...(theme ? { colorScheme: theme } : {}),
        ...opts,
      })
      opened.push(context)
      await context.addInitScript({ content: TOAST_RECORDER })
      if (theme) await context.addInitScript((t) => localStorage.setItem('THEME', JSON.stringify(t)), theme)
      const page = await context.newPage()
      logPageErrors(page)
      return page
    })
    for (const context of opened) await context.close()
  },
})

export { expect } from '@playwright/test'
