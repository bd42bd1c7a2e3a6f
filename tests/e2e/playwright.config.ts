/**
 * Playwright Test for the end-to-end suite: the real server (started once by ./global-setup.ts on the replayed
 * recordings) driven in Debian's Chromium (browser downloads are blocked here) at a phone's 390×844.
 *
 * `npm run test:e2e` runs every spec; `npm run test:e2e -- -g journey` runs the tests whose titles match,
 * `npm run test:e2e -- tests/e2e/kline.spec.ts` one file (`…spec.ts:42` one test). Failed tests keep their screenshot,
 * error-context.md and (unless CI=true; E2E_TRACE=1 there) their trace in tests/e2e/out/results/ (`npx playwright
 * show-trace <zip>`); screenshots for people land in tests/e2e/out/.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser'
import { PHONE } from './phone'

const WORKERS = Number(process.env.E2E_WORKERS ?? 3)
const TRACE = (process.env.E2E_TRACE ?? (process.env.CI ? '0' : '1')) === '1'
const CLOCK_LANE = ['lever.spec.ts', 'funding.spec.ts', 'financial.spec.ts']
const PRICE_LANE = ['lever-take-profit.spec.ts', 'lever-refusals.spec.ts', 'user-stream.spec.ts']

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'out/results',
  // Three workers on two cores: the suite is CPU-bound (the long waits on the replay are planned short now), so more
  // workers only slow each test down. A CI-like run of 2026-12-02 with four (two on the lanes below) took as long,
  // 30 min, and three tests timed out on a busy renderer. (Three measured 8.4 min against 13.3 for two, an early,
  // smaller suite.) E2E_WORKERS=1 runs one at a time.
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 120_000,
  // A click or a look waits up to 30 s / 20 s: on a loaded 2-core machine a busy renderer has held a click that had
  // already landed for 15 s (CI of 89f35d0), and a K-line page's bell for 15 s (the CI-like run of 2026-12-02).
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'out/report.json' }]],
  globalSetup: './global-setup.ts',
  // Some tests wait minutes for the replayed prices (a take-profit, a liquidation price, a limit order's fill, a price
  // past an opening price). They run on lanes of their own, one test at a time each, listed first so they start at
  // once and wait beside the rest instead of lengthening the run's end:
  // - `replay-waits`: the specs that move the server's clock (`clock advance`: funding charged to every open position,
  //   a day of yield) and lever.spec's 100× liquidation test, whose liquidation price a funding payment would move (one
  //   run of two failed so when funding.spec ran beside it): never side by side;
  // - `price-waits`: the waits funding cannot upset (realized PnL and income leave funding out; spot has none).
  projects: [
    { name: 'replay-waits', testMatch: CLOCK_LANE, workers: 1 },
    { name: 'price-waits', testMatch: PRICE_LANE, workers: 1 },
    { name: 'app', testIgnore: [...CLOCK_LANE, ...PRICE_LANE], workers: Math.min(3, WORKERS) },
  ],
  use: {
    ...PHONE,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Only the PWA and offline tests need a service worker (they allow it); elsewhere installing one would make every
    // fresh context download the whole precache.
    serviceWorkers: 'block',
    // A failed test keeps its trace (actions, DOM snapshots, network, console; no screencast) unless CI=true, where
    // nobody opens it and the failure's screenshot and error-context.md say what the page showed: tracing costs CPU on
    // every action of every test. The same 80 tests on a 2-core machine: 515 s with full traces, 357 s without the
    // screencast, 282 s without traces. E2E_TRACE=1 keeps traces under CI, E2E_TRACE=0 drops them anywhere.
    trace: TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
})
