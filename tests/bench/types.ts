/**
 * One printed figure of `npm run bench`: a measured value, its target and whether it met it. Ratios compare our code
 * against a baseline measured in the same run, so the machine's speed cancels out.
 */
export interface BenchResult {
  /** Short name, e.g. "engine decode+apply vs pako+JSON.parse". */
  name: string
  value: number
  /** Unit of value: "×" for ratios, "ms", "KB", "count". */
  unit: string
  /** Human target, e.g. "≥ 0.9×". */
  target: string
  pass: boolean
  /** What was measured, baseline figures, or why it was skipped. */
  note: string
  skipped?: boolean
  /** A figure with no target (target "report"): printed without a verdict, `pass` ignored. */
  report?: boolean
}

/**
 * Thrown by a bench one of whose parts failed after others had measured: `npm run bench` prints `rows` (the figures
 * measured) and reports the bench as failed to run with `cause`.
 */
export class PartialBenchError extends Error {
  override name = 'PartialBenchError'
  constructor(
    readonly rows: BenchResult[],
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}
