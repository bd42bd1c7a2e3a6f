// `npm test` ends by naming each failed test, so the tail of a CI log says what failed (tests/helpers/test-reports).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { playwrightCounts, vitestCounts } from '../helpers/test-reports'

const dir = mkdtempSync(join(tmpdir(), 'tc-reports-'))

function write(name: string, report: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(report))
  return file
}

describe('vitest report', () => {
  it('counts and names a failed test with the first line of its error, and a file that did not load', () => {
    const file = write('vitest.json', {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: join(process.cwd(), 'tests/server/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a passes' },
            {
              status: 'failed',
              fullName: 'a › fails',
              failureMessages: ['\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x.ts:1'],
            },
          ],
        },
        { name: '/elsewhere/b.test.ts', status: 'failed', message: 'Cannot find module x', assertionResults: [] },
        { name: '/elsewhere/c.test.ts', status: 'failed', assertionResults: [{ status: 'passed', fullName: 'c' }] },
      ],
    })
    expect(vitestCounts(file)).toEqual({
      passed: 3,
      failed: 3,
      skipped: 1,
      failures: [
        'tests/server/a.test.ts › a › fails: AssertionError: expected 1 to be 2',
        '/elsewhere/b.test.ts (did not run): Cannot find module x',
        '/elsewhere/c.test.ts (1 passed, then a hook or teardown failed): no message in the report',
      ],
    })
  })

  it('a missing report is one failure that says so', () => {
    const counts = vitestCounts(join(dir, 'none.json'))
    expect(counts.failed).toBe(1)
    expect(counts.failures[0]).toMatch(/no report/)
  })
})

describe('Playwright report', () => {
  it('names unexpected and flaky tests in nested suites, and errors outside tests', () => {
    const file = write('pw.json', {
      stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 0 },
      errors: [{ message: 'global setup failed\nstack' }],
      suites: [
        {
          file: 'lever.spec.ts',
          specs: [
            {
              title: 'opens',
              file: 'lever.spec.ts',
              line: 72,
              tests: [{ status: 'unexpected', results: [{ error: { message: 'Timeout 120000ms exceeded.' } }] }],
            },
            { title: 'ok', file: 'lever.spec.ts', line: 9, tests: [{ status: 'expected', results: [{}] }] },
          ],
          suites: [
            {
              specs: [
                {
                  title: 'inner',
                  line: 5,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(playwrightCounts(file)).toEqual({
      passed: 5,
      failed: 3,
      skipped: 0,
      failures: [
        'lever.spec.ts:72 › opens (unexpected): Timeout 120000ms exceeded.',
        'lever.spec.ts:5 › inner (flaky): first try',
        'e2e (outside a test): global setup failed',
      ],
    })
  })
})
