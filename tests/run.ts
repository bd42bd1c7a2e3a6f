/**
 * `npm test`: every test of the project in one run — the Lingui catalogs checked against src/ (never rewritten), the
 * vitest suites (unit, worker, server on PGlite and PostgreSQL), then the end-to-end suite on Playwright Test against
 * the real server, then `npm run admin -- ledger check` on the database of every server the end-to-end suite started
 * (issue 21 "Done when": balanced, frozen buckets reconciled; its report printed, a non-zero exit counted as a failure),
 * then a look for processes the run started and left running (named, killed, one failure). Ends with one plain line "N passed, N failed, N skipped" and exits non-zero on any failure.
 *
 * Every child gets one TMPDIR of its own for the run (data dirs, Chromium profiles, PGlite templates: about 400 MB),
 * removed when the run ends, so repeated runs do not fill the machine's /tmp. Under CI=true a missing PostgreSQL or
 * missing recorded market data fails the suites that need them instead of skipping them (tests/helpers/prerequisites).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { staleCatalogs, staleMessage } from './helpers/catalogs-current'
import { E2E_DATA_DIRS } from './helpers/e2e-data-dirs'
import { leftoverProcesses } from './helpers/leftover-processes'
import { type Counts, playwrightCounts, vitestCounts } from './helpers/test-reports'

const runTmp = mkdtempSync(join(tmpdir(), 'tc-test-run-'))
process.on('exit', () => rmSync(runTmp, { recursive: true, force: true }))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TMPDIR: runTmp, ...env } })
  return r.status ?? 1
}

mkdirSync('.tmp', { recursive: true })
let catalogFailures = 0
try {
  const stale = staleCatalogs()
  if (stale.length > 0) {
    console.log(staleMessage(stale))
    catalogFailures = 1
  } else {
    console.log('Lingui catalogs are current.')
  }
} catch (err) {
  console.log(`The catalog check could not run: ${(err as Error).message}`)
  catalogFailures = 1
}

const vitestReport = '.tmp/vitest-report.json'
rmSync(vitestReport, { force: true })
const unitCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
const unit = vitestCounts(vitestReport)

const e2eReport = resolve('.tmp/e2e-report.json')
rmSync(e2eReport, { force: true })
// The servers of the end-to-end suite list their data directories here and keep them for the ledger check below.
const dataDirsFile = join(runTmp, 'e2e-data-dirs')
const e2eCode = run('npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport,
  [E2E_DATA_DIRS]: dataDirsFile,
})
const e2e = playwrightCounts(e2eReport)

/**
 * `npm run admin -- ledger check` on each database the end-to-end servers used (stopped by now, so the command opens
 * it itself), its report printed; answers how many failed. A run whose servers recorded none counts one failure.
 */
function ledgerChecks(): number {
  const dirs = existsSync(dataDirsFile) ? readFileSync(dataDirsFile, 'utf8').split('\n').filter(Boolean) : []
  if (dirs.length === 0) {
    console.log('ledger check: no end-to-end server recorded its data directory')
    return 1
  }
  let failed = 0
  for (const dir of dirs) {
    console.log(`\nledger check of the end-to-end database in ${dir}:`)
    const code = run('npx', ['tsx', 'server/cli/admin.ts', 'ledger', 'check'], { DATA_DIR: dir })
    if (code !== 0) {
      console.log(`ledger check exited ${code}`)
      failed += 1
    }
    rmSync(dir, { recursive: true, force: true })
  }
  return failed
}
const ledgerFailures = ledgerChecks()

/**
 * Processes the run started and did not stop (tests/helpers/leftover-processes.ts): each named, killed, and counted
 * as one failure.
 */
function leftovers(): number {
  const left = leftoverProcesses(runTmp)
  if (left.length === 0) return 0
  console.log(`\n${left.length} process(es) outlived the tests (killed now):`)
  for (const p of left) {
    console.log(`  pid ${p.pid}: ${p.command}`)
    try {
      process.kill(p.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  return 1
}
const leftoverFailures = leftovers()

const total: Counts = {
  passed: unit.passed + e2e.passed,
  failed: unit.failed + e2e.failed + catalogFailures + ledgerFailures + leftoverFailures,
  skipped: unit.skipped + e2e.skipped,
  failures: [...unit.failures, ...e2e.failures],
}
if (unitCode !== 0 && unit.failed === 0) {
  console.log(`vitest exited ${unitCode} although no test failed`)
  total.failed += 1
}
if (e2eCode !== 0 && e2e.failed === 0) {
  console.log(`Playwright exited ${e2eCode} although no test failed`)
  total.failed += 1
}
console.log(
  `\ncatalogs: ${catalogFailures ? 'out of date' : 'current'}; unit+server: ${unit.passed} passed, ${unit.failed} failed, ` +
    `${unit.skipped} skipped; e2e: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped; ` +
    `ledger check: ${ledgerFailures ? `${ledgerFailures} failed` : 'passed'}; ` +
    `processes left behind: ${leftoverFailures ? 'yes (see above)' : 'none'}`,
)
if (total.failures.length > 0) {
  console.log('\nfailed:')
  for (const f of total.failures) console.log(`  ✗ ${f}`)
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed === 0 ? 0 : 1)
