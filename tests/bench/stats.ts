/**
 * Repeat-and-summarize for `npm run bench` (issue 9 part 4): every printed figure is the median of at least five
 * runs with its spread, never the best run, so one lucky run cannot flatter us.
 */

/** Median and spread of repeated measurements, in the unit the samples were taken in. */
export interface Summary {
  median: number
  min: number
  max: number
  /** Number of runs summarized. */
  runs: number
  /** Human spread, e.g. "median of 5 runs, 4.1–4.9 ms". */
  spread: string
}

/** Runs needed for a printed figure (issue 9: "medians of ≥ 5 runs"). */
export const MIN_RUNS = 5

/**
 * Summarizes samples. @throws RangeError when given fewer than {@link MIN_RUNS} samples (a median of fewer runs is
 * not a figure we print).
 */
export function summarize(samples: readonly number[], unit: string, digits = 1): Summary {
  if (samples.length < MIN_RUNS) throw new RangeError(`need ≥ ${MIN_RUNS} runs, got ${samples.length}`)
  const sorted = [...samples].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  const min = sorted[0]!
  const max = sorted[sorted.length - 1]!
  const f = (n: number) => n.toFixed(digits)
  return {
    median,
    min,
    max,
    runs: sorted.length,
    spread: `median of ${sorted.length} runs, ${f(min)}–${f(max)} ${unit}`,
  }
}

/** Calls `measure` `runs` times in sequence (never in parallel, so runs do not compete) and summarizes the values. */
export async function repeat(
  measure: (run: number) => Promise<number>,
  unit: string,
  runs = MIN_RUNS,
  digits = 1,
): Promise<Summary> {
  const samples: number[] = []
  for (let i = 0; i < runs; i++) samples.push(await measure(i))
  return summarize(samples, unit, digits)
}

/** p-th percentile (0–100) of samples by nearest rank. @throws RangeError on an empty list. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new RangeError('no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

/**
 * Measures `a` and `b` `rounds` times each, alternating which goes first every round, so drift of the shared machine
 * hits both alike; answers both lists of results in round order.
 */
export async function alternating<T>(a: () => Promise<T>, b: () => Promise<T>, rounds = MIN_RUNS): Promise<[T[], T[]]> {
  const as: T[] = []
  const bs: T[] = []
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      as.push(await a())
      bs.push(await b())
    } else {
      bs.push(await b())
      as.push(await a())
    }
  }
  return [as, bs]
}

/** Median of `samples` (the 50th percentile by nearest rank); 0 for an empty list. */
export function medianOf(samples: readonly number[]): number {
  return samples.length ? percentile(samples, 50) : 0
}
