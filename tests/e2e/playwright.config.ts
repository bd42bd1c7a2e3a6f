/**
 * Playwright Test for the end-to-end suite: the real server (started once by ./global-setup.ts on the replayed
 * recordings) driven in Debian's Chromium (browser downloads are blocked here) at a phone's 390×844.
 *
 * `npm run test:e2e` runs every spec; `npm run test:e2e -- -g journey` runs the tests whose titles match,
 * `npm run test:e2e -- tests/e2e/kline.spec.ts` one file (`…spec.ts:42` one test). Failed tests keep their trace in
 * tests/e2e/out/results/ (`npx playwright show-trace <zip>`); screenshots for people land in tests/e2e/out/.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser'
import { PHONE } from './phone'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'out/results',
  // Three workers on two cores: the tests mostly wait on the browser, the server and the replay. Three measured 8.4 min
  // against 13.3 for two (an early, smaller suite); E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'out/report.json' }]],
  globalSetup: './global-setup.ts',
  // The futures tests wait minutes for the replayed prices to reach a take-profit or a liquidation price. Listed first,
  // they start at once and wait on one worker while the others run the rest, instead of lengthening the run's end.
  // The specs that move the server's clock (`clock advance`: funding charged to every open position, a day of yield)
  // run on that same one worker (`workers: 1`), never during lever.spec's 100× liquidation test, whose liquidation
  // price a funding payment would move (one run of two failed so when funding.spec ran beside it).
  projects: [
    // And the user-stream test waits for the replay to reach its limit price.
    {
      name: 'replay-waits',
      testMatch: ['lever.spec.ts', 'user-stream.spec.ts', 'funding.spec.ts', 'financial.spec.ts'],
      workers: 1,
    },
    {
      name: 'app',
      testIgnore: ['lever.spec.ts', 'user-stream.spec.ts', 'funding.spec.ts', 'financial.spec.ts'],
    },
  ],
  use: {
    ...PHONE,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Only the PWA and offline tests need a service worker (they allow it); elsewhere installing one would make every
    // fresh context download the whole precache.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
})
