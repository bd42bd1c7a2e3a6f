/**
 * The first screen's public GETs, started while the app bundle is still downloading. On a mid-range phone on a slow
 * network that download takes ~1 s and its evaluation another ~1 s (4× CPU); the calls used to start only after
 * both (issue 9: first price and LCP). src/early.ts calls `startEarlyCalls`; the build makes it a script of its own
 * (vite.config.ts `earlyScript`), fetched beside the bundle and run as soon as it arrives. The request layer then
 * takes each answer once (`takeEarlyCall`) when the URL and Accept-Language are the ones sent here, and goes to the
 * network itself otherwise, so a mismatch costs one spare request, never a wrong answer. Public calls only: no token
 * is sent.
 *
 * The two scripts share no module instance in the build, so the calls wait for the app on `globalThis.__tcEarlyCalls`
 * (also where a developer finds them in the console). The early script is `async`: with the bundle cached it can run
 * after the app has already asked, so the app leaves a mark for each URL it asked itself (and for all of them once
 * start-up is over) and a late early script sends nothing twice.
 */
import { acceptLanguageOf, initialLocale } from '../state/locale-choice'

/** Where a first load needs the market list (spec §2 tab pages and the K-line page). */
const MARKET_LIST_PAGES = ['/home', '/market', '/micro', '/lever', '/assets', '/kline']

/** Announcements Home's ticker loads (features/home TICKER_NOTICES; a test keeps the two equal). */
const HOME_NOTICES = 5

/**
 * The URLs (as the request layer builds them: `/api/` + path + query) of the public GETs the first load of
 * `pathname` makes: the config always, the market list on market pages, the announcements on Home.
 */
export function earlyCallUrls(pathname: string): string[] {
  const page = pathname === '/' ? '/home' : pathname
  const urls = ['/api/common/config']
  if (MARKET_LIST_PAGES.some((p) => page === p || page.startsWith(`${p}/`))) urls.push('/api/currency/currency_list')
  if (page === '/home') urls.push(`/api/common/get_announcement?page=1&limit=${HOME_NOTICES}`)
  return urls
}

interface EarlyCall {
  /** Accept-Language the call was sent with. */
  language: string
  response: Promise<Response>
}

/** What the two scripts share on the page; whichever got here first made it. */
interface EarlyCalls {
  /** Start-up is over: the early script is too late for every URL. */
  closed: boolean
  /** The calls started and not yet taken, by URL; `asked` where the app went to the network itself first. */
  calls: Map<string, EarlyCall | 'asked'>
}

function earlyCalls(): EarlyCalls {
  const page = globalThis as { __tcEarlyCalls?: EarlyCalls }
  return (page.__tcEarlyCalls ??= { closed: false, calls: new Map() })
}

/**
 * Starts the early calls for `pathname` (default: this page's) with the language the app will start in.
 * @param fetchFn the fetch to use (tests); the page's by default
 */
export function startEarlyCalls(pathname = globalThis.location.pathname, fetchFn: typeof fetch = globalThis.fetch) {
  const language = acceptLanguageOf(initialLocale())
  const { closed, calls } = earlyCalls()
  if (closed) return
  for (const url of earlyCallUrls(pathname)) {
    if (calls.has(url)) continue // the app asked already (or this ran twice)
    const response = fetchFn(url, { headers: { Accept: 'application/json', 'Accept-Language': language } })
    // The taker sees a failure and calls again; until then it must not count as unhandled.
    response.catch(() => undefined)
    calls.set(url, { language, response })
  }
}

/**
 * The early answer for `url` when it was sent with `language`, handed out once; undefined when there is none (or it
 * was sent in another language, which the caller must not use). Either way the caller now asks the network itself,
 * so an early script that has not run yet must not send `url` again.
 */
export function takeEarlyCall(url: string, language: string): Promise<Response> | undefined {
  const { calls } = earlyCalls()
  const call = calls.get(url)
  calls.set(url, 'asked')
  if (!call || call === 'asked') return undefined
  return call.language === language ? call.response : undefined
}

/** Forgets the answers no one took and closes the early calls (start-up is over: a later call must be fresh). */
export function dropEarlyCalls(): void {
  const state = earlyCalls()
  state.calls.clear()
  state.closed = true
}

/** Opens the early calls again as on a new page (tests only). */
export function resetEarlyCalls(): void {
  const state = earlyCalls()
  state.calls.clear()
  state.closed = false
}
