/**
 * The bench-sized runs of the ledger's correctness suites (issue 10 "Done when"): the same vitest files as `npm test`
 * with larger settings, each in a vitest child process, reported as PASS/MISS rows of `npm run bench`:
 * - `model soak`: tests/server/ledger-model-pg.test.ts on PostgreSQL with LEDGER_MODEL_RUNS=1000 and longer sequences
 *   (LEDGER_MODEL_SIZE=medium: ≤ 30 commands, ~10 on average besides the opening deposits; `npm test` runs 1,000
 *   short ones on each database);
 * - `crash soak`: tests/server/ledger-crash.test.ts with LEDGER_CRASH_ROUNDS=10 kills (`npm test`: 3).
 * Run one with `npm run bench -- model` or `npm run bench -- crash`, both with `npm run bench -- soak`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchResult } from './types'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

interface VitestOutcome {
  exitCode: number | null
  passed: number
  failed: number
  skipped: number
  seconds: number
  /** The first failure messages, for the note. */
  failures: string[]
}

/** Runs `npx vitest run <file> [-t filter]` with `env` and reads its JSON report. */
export function vitest(file: string, env: Record<string, string>, filter?: string): Promise<VitestOutcome> {
  const report = join(mkdtempSync(join(tmpdir(), 'tc-soak-')), 'report.json')
  const args = ['vitest', 'run', file, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
  if (filter) args.push('-t', filter)
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (exitCode) => {
      const seconds = (performance.now() - t0) / 1000
      try {
        const r = JSON.parse(readFileSync(report, 'utf8')) as {
          numPassedTests: number
          numFailedTests: number
          numPendingTests: number
          testResults: { assertionResults: { status: string; failureMessages: string[] }[] }[]
        }
        const failures = r.testResults
          .flatMap((f) => f.assertionResults)
          .flatMap((a) => a.failureMessages.map((m) => m.split('\n')[0]!))
          .slice(0, 2)
        resolve({
          exitCode,
          passed: r.numPassedTests,
          failed: r.numFailedTests,
          skipped: r.numPendingTests,
          seconds,
          failures,
        })
      } catch {
        resolve({ exitCode, passed: 0, failed: 1, skipped: 0, seconds, failures: ['no vitest report'] })
      }
    })
  })
}

/** A PASS/MISS row of a vitest run: `value` counts only when every test passed and at least one ran. */
export function row(
  name: string,
  value: number,
  unit: string,
  target: string,
  o: VitestOutcome,
  what: string,
): BenchResult {
  // The filter skips the other database's test; a skipped PostgreSQL test leaves nothing passed: no PASS then.
  const pass = o.exitCode === 0 && o.failed === 0 && o.passed > 0
  const outcome = pass
    ? `passed in ${o.seconds.toFixed(0)} s`
    : `${o.passed} passed, ${o.failed} failed, ${o.skipped} skipped (exit ${o.exitCode}) in ${o.seconds.toFixed(0)} s: ${o.failures.join(' | ')}`
  return { name, value: pass ? value : 0, unit, target, pass, note: `${what}; ${outcome}` }
}

/** The model test on PostgreSQL: 1,000 sequences of up to 30 commands (~10 on average). */
export async function runModelSoak(): Promise<BenchResult[]> {
  const runs = 1000
  const o = await vitest(
    'tests/server/ledger-model-pg.test.ts',
    { LEDGER_MODEL_RUNS: String(runs), LEDGER_MODEL_SIZE: 'medium' },
    'on PostgreSQL',
  )
  return [
    row(
      'ledger model on PostgreSQL, sequences without a violation',
      runs,
      'runs',
      `${runs} runs`,
      o,
      'LEDGER_MODEL_SIZE=medium',
    ),
  ]
}

/** The crash test: 10 kill -9 of the server mid-stream of transfers, with restart and checks after each. */
export async function runCrashSoak(): Promise<BenchResult[]> {
  const rounds = 10
  const o = await vitest('tests/server/ledger-crash.test.ts', { LEDGER_CRASH_ROUNDS: String(rounds) })
  return [
    row(
      'ledger kill -9 rounds with the ledger whole after restart',
      rounds,
      'kills',
      `${rounds} kills`,
      o,
      'LEDGER_CRASH_ROUNDS=10',
    ),
  ]
}
