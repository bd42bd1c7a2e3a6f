/**
 * Reads the JSON reports of vitest and Playwright Test for `npm test` (tests/run.ts): how many passed, failed and were
 * skipped, and a line per failure ("file › test: first line of the error") that the run prints last, so the tail of a
 * CI log names what failed.
 */
import { readFileSync } from 'node:fs'

export interface Counts {
  passed: number
  failed: number
  skipped: number
  /** "file › test: first line of the error" of each failure, printed last so a log's tail names them. */
  failures: string[]
}

/** An ANSI colour sequence (ESC [ … m), as vitest colours its failure messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** First non-empty line of an error message, without ANSI colours, at most 300 characters. */
function firstLine(message: string | undefined): string {
  const line = (message ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
  return (line ?? '').slice(0, 300)
}

/** Counts of vitest's JSON report; a file that failed without a failed test (it did not load) counts as one. */
export function vitestCounts(file: string): Counts {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numPendingTests: number
      numTodoTests: number
      testResults: {
        name: string
        status: string
        message?: string
        assertionResults: { status: string; fullName: string; failureMessages?: string[] }[]
      }[]
    }
    const brokenFiles = report.testResults.filter(
      (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
    )
    const failures: string[] = []
    for (const file of report.testResults) {
      const rel = file.name.startsWith(process.cwd()) ? file.name.slice(process.cwd().length + 1) : file.name
      for (const a of file.assertionResults) {
        if (a.status === 'failed') failures.push(`${rel} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
      }
      if (brokenFiles.includes(file)) {
        // Tests that ran and passed in a failed file: a hook or the teardown failed (vitest's output above says which).
        const ran = file.assertionResults.filter((a) => a.status === 'passed').length
        const what = ran > 0 ? `${ran} passed, then a hook or teardown failed` : 'did not run'
        failures.push(`${rel} (${what}): ${firstLine(file.message) || 'no message in the report'}`)
      }
    }
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + brokenFiles.length,
      skipped: report.numPendingTests + report.numTodoTests,
      failures,
    }
  } catch {
    return { passed: 0, failed: 1, skipped: 0, failures: [`vitest: no report in ${file}`] }
  }
}

/** The part of a Playwright JSON report's suite tree read here. */
interface PlaywrightSuite {
  file?: string
  specs?: {
    title: string
    file?: string
    line?: number
    tests: { status: string; results: { error?: { message?: string } }[] }[]
  }[]
  suites?: PlaywrightSuite[]
}

/** Counts of Playwright's JSON report; errors outside tests (global setup, a file that did not load) count too. */
export function playwrightCounts(file: string): Counts {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number }
      errors: { message?: string }[]
      suites?: PlaywrightSuite[]
    }
    const { expected, unexpected, flaky, skipped } = report.stats
    const failures: string[] = []
    const walk = (suite: PlaywrightSuite, file: string): void => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status === 'unexpected' || test.status === 'flaky') {
            const error = test.results.find((r) => r.error)?.error?.message
            failures.push(
              `${spec.file ?? file}:${spec.line ?? 0} › ${spec.title} (${test.status}): ${firstLine(error)}`,
            )
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file)
    }
    for (const suite of report.suites ?? []) walk(suite, suite.file ?? '')
    for (const e of report.errors) failures.push(`e2e (outside a test): ${firstLine(e.message)}`)
    return { passed: expected, failed: unexpected + flaky + report.errors.length, skipped, failures }
  } catch {
    return { passed: 0, failed: 1, skipped: 0, failures: [`Playwright: no report in ${file}`] }
  }
}
