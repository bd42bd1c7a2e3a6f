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
}
