/**
 * End-to-end run: the real server (built PWA, API, market gateway) on replayed real candles — or on the sim source,
 * saying so, when ../shared/data/market is absent — driven in Debian Chromium at 390×844 as a phone user would.
 * Screenshots land in tests/e2e/out/. `--report FILE` writes the counts for `npm test`; `--only PATTERN` (a regular
 * expression) runs just the steps whose names match, for working on one (steps can depend on earlier ones' state).
 */
import { startAppServer, type AppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'
import type { E2E } from './context'
import { runSteps } from './harness'
import { authSteps } from './steps-auth'
import { hasReplayData, KLINES_DIR } from './replay-data'
import { accountLookSteps } from './steps-account-look'
import { journeySteps } from './steps-journey'
import { klineSteps } from './steps-kline'
import { lookSteps } from './steps-look'
import { marketSteps } from './steps-markets'
import { pwaSteps } from './steps-pwa'
import { supportSteps } from './steps-support'
import { xssSteps } from './steps-xss'
import { userCenterSteps } from './steps-user-center'

const reportAt = process.argv.indexOf('--report')
const reportFile = reportAt > 0 ? process.argv[reportAt + 1] : undefined
const onlyAt = process.argv.indexOf('--only')
const only = onlyAt > 0 ? new RegExp(process.argv[onlyAt + 1] ?? '', 'i') : undefined

async function main(): Promise<number> {
  if (!hasReplayData) console.log('e2e: ../shared/data/market/klines is absent — running on the sim source; replay checks skipped')
  const source = hasReplayData ? `replay:${KLINES_DIR}` : 'sim'
  let server: AppServer | undefined
  let state: E2E | undefined
  try {
    server = await startAppServer({ env: { MARKET_SOURCE: source } })
    const browser = await launchPhone()
    const page = browser.pages()[0] ?? (await browser.newPage())
    page.on('pageerror', (err) => console.log(`    page error: ${err.message}`))
    state = { server, browser, page, replay: hasReplayData }
    const e = () => state!
    const steps = [
      ...marketSteps(e), ...klineSteps(e), ...lookSteps(e), ...authSteps(e), ...userCenterSteps(e), ...journeySteps(e),
      ...accountLookSteps(e), ...supportSteps(e), ...xssSteps(e),
      // Last: its final steps stop the server.
      ...pwaSteps(e),
    ]
    const report = await runSteps(only ? steps.filter((s) => only.test(s.name)) : steps, reportFile)
    return report.failed === 0 ? 0 : 1
  } catch (err) {
    console.error('e2e could not run:', err)
    if (server) console.error(server.output().slice(-3000))
    return 1
  } finally {
    await state?.browser.close().catch(() => undefined)
    await server?.stop()
  }
}

process.exit(await main())
