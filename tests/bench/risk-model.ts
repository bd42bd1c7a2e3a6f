/**
 * `npm run bench -- risk-model` (issue 21 "Done when"): the futures property test (tests/server/contract-model-pg.test.ts)
 * at bench size, 5,000 sequences on PostgreSQL (`npm test` runs 500 on each database), in a vitest child process as the
 * ledger soaks run (ledger-soak.ts). Reported: sequences per second of the whole file run (vitest start included) and
 * of the property alone, as the test measured it (CONTRACT_MODEL_REPORT); PASS when every sequence kept every
 * invariant.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { row, vitest } from './ledger-soak'
import type { BenchResult } from './types'

/** Sequences of the bench run (CONTRACT_MODEL_BENCH_RUNS overrides, e.g. for a smoke run). */
const RUNS = Number(process.env.CONTRACT_MODEL_BENCH_RUNS ?? 5000)

export async function runRiskModelBench(): Promise<BenchResult[]> {
  const report = join(mkdtempSync(join(tmpdir(), 'tc-risk-model-')), 'report.jsonl')
  const o = await vitest(
    'tests/server/contract-model-pg.test.ts',
    { CONTRACT_MODEL_RUNS: String(RUNS), CONTRACT_MODEL_REPORT: report },
    'on PostgreSQL',
  )
  let property: { runs: number; seconds: number } | undefined
  try {
    const lines = readFileSync(report, 'utf8').trim().split('\n')
    property = lines.map((l) => JSON.parse(l) as { database: string; runs: number; seconds: number }).at(-1)
  } catch {
    property = undefined
  }
  const perSecond = property ? property.runs / property.seconds : RUNS / o.seconds
  const what = property
    ? `${RUNS} sequences of ≤ 10 steps (2 traders, BTC and ETH) in ${property.seconds.toFixed(0)} s of property time, ${(RUNS / o.seconds).toFixed(2)}/s with vitest's start`
    : `${RUNS} sequences; no property report`
  return [
    row(
      'risk model on PostgreSQL: sequences per second, every invariant kept',
      Math.round(perSecond * 100) / 100,
      'seq/s',
      `${RUNS} runs`,
      o,
      what,
    ),
  ]
}
