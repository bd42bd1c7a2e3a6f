/**
 * `npm test`: every test of the project in one run — translation catalogs refreshed, the vitest suites (unit, worker,
 * server on PGlite and PostgreSQL), then the end-to-end run in Chromium against the real server. Ends with one plain
 * line "N passed, N failed, N skipped" and exits non-zero on any failure.
 *
 * Every child gets one TMPDIR of its own for the run (data dirs, Chromium profiles, PGlite templates: about 400 MB),
 * removed when the run ends, so repeated runs do not fill the machine's /tmp.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface Counts {
  passed: number
  failed: number
  skipped: number
}

const runTmp = mkdtempSync(join(tmpdir(), 'tc-test-run-'))
process.on('exit', () => rmSync(runTmp, { recursive: true, force: true }))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

function run(cmd: string, args: string[]): number {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TMPDIR: runTmp } })
  return r.status ?? 1
}

function vitestCounts(file: string): Counts {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numPendingTests: number
      numTodoTests: number
    }
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests }
  } catch {
    return { passed: 0, failed: 1, skipped: 0 }
  }
}

function e2eCounts(file: string): Counts {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Counts
  } catch {
    return { passed: 0, failed: 1, skipped: 0 }
  }
}

mkdirSync('.tmp', { recursive: true })
const extract = run('npx', ['lingui', 'extract', '--clean', '--overwrite'])
const unitCode = run('npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-report.json',
])
const unit = vitestCounts('.tmp/vitest-report.json')
const e2eCode = run('npx', ['tsx', 'tests/e2e/run.ts', '--report', '.tmp/e2e-report.json'])
const e2e = e2eCounts('.tmp/e2e-report.json')

const total: Counts = {
  passed: unit.passed + e2e.passed,
  failed: unit.failed + e2e.failed + (extract === 0 ? 0 : 1),
  skipped: unit.skipped + e2e.skipped,
}
if (extract !== 0) console.log(`lingui extract exited ${extract}`)
if (unitCode !== 0 && unit.failed === 0) {
  console.log(`vitest exited ${unitCode} although no test failed`)
  total.failed += 1
}
if (e2eCode !== 0 && e2e.failed === 0) {
  console.log(`the e2e run exited ${e2eCode} although no step failed`)
  total.failed += 1
}
console.log(`\nunit+server: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped; e2e: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed === 0 ? 0 : 1)
