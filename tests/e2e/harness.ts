/**
 * A very small sequential test harness for the end-to-end run: named steps, each passes or fails with its error,
 * a JSON report for `npm test`'s total, and a closing "N passed, N failed, N skipped" line.
 */
import { writeFileSync } from 'node:fs'

export interface Step {
  name: string
  run: () => Promise<void>
  /** When set, the step is skipped and this says why. */
  skip?: string
}

export interface Report {
  passed: number
  failed: number
  skipped: number
}

export async function runSteps(steps: Step[], reportFile?: string): Promise<Report> {
  const report: Report = { passed: 0, failed: 0, skipped: 0 }
  for (const step of steps) {
    if (step.skip) {
      report.skipped++
      console.log(`  ↓ ${step.name} (skipped: ${step.skip})`)
      continue
    }
    const started = Date.now()
    try {
      await step.run()
      report.passed++
      console.log(`  ✓ ${step.name} (${Date.now() - started} ms)`)
    } catch (err) {
      report.failed++
      console.log(`  ✗ ${step.name}\n    ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    }
  }
  if (reportFile) writeFileSync(reportFile, JSON.stringify(report))
  console.log(`e2e: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped`)
  return report
}

/** Throws with `message` unless `cond`. */
export function check(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message)
}
