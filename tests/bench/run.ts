/**
 * `npm run bench`: every performance figure of issues 2 and 9 in one run, each printed with its target. Ratios compare our
 * code with a baseline measured in the same run. Figures are informative: the run exits 0 even when a target is
 * missed (speed targets are not tests), and non-zero only when a benchmark could not run.
 *
 * The run and its children (servers, load generators, Chromium) share one TMPDIR of their own, removed when it ends
 * (data dirs and profiles otherwise stay in /tmp after every run, as `npm test` avoids the same way).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PartialBenchError, type BenchResult } from './types'

const runTmp = mkdtempSync(join(tmpdir(), 'tc-bench-run-'))
process.env.TMPDIR = runTmp
process.on('exit', () => rmSync(runTmp, { recursive: true, force: true }))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

type Bench = { name: string; run: () => Promise<BenchResult[]> }

const benches: Bench[] = [
  { name: 'engine decode', run: async () => (await import('./engine-decode')).runEngineDecodeBench() },
  { name: 'engine feed', run: async () => (await import('./feed-blaster')).runFeedBlasterBench() },
  { name: 'gateway fan-out', run: async () => (await import('./gateway-fanout')).runGatewayFanoutBench() },
  { name: 'k-line tick', run: async () => (await import('./kline-tick')).runKlineTickBench() },
  { name: 'k-line chunk', run: async () => (await import('./kline-chunk')).runKlineChunkBench() },
  { name: 'home bundle', run: async () => (await import('./home-bundle')).runHomeBundleBench() },
  { name: 'page load', run: async () => (await import('./page-load')).runPageLoadBench() },
  { name: 'stream screen', run: async () => (await import('./stream-screen')).runStreamScreenBench() },
  {
    name: 'lighthouse',
    // /home (issue 9), then the trading screens (issue 24 part 10), each on a server and browser of its own.
    run: async () => [
      ...(await (await import('./lighthouse')).runLighthouseBench()),
      ...(await (await import('./lighthouse-trading')).runTradingLighthouseBench()),
    ],
  },
  { name: 'main thread', run: async () => (await import('./main-thread')).runMainThreadBench() },
  { name: 'frame fuzz', run: async () => (await import('./gateway-fuzz')).runGatewayFuzzBench() },
  { name: 'api throughput', run: async () => (await import('./api-throughput')).runApiThroughputBench() },
  { name: 'server start', run: async () => (await import('./server-start')).runServerStartBench() },
  { name: 'ledger', run: async () => (await import('./ledger')).runLedgerBench() },
  { name: 'model soak', run: async () => (await import('./ledger-soak')).runModelSoak() },
  { name: 'crash soak', run: async () => (await import('./ledger-soak')).runCrashSoak() },
  { name: 'trading', run: async () => (await import('./trading')).runTradingBench() },
  { name: 'risk', run: async () => (await import('./risk')).runRiskBench() },
  { name: 'risk-model', run: async () => (await import('./risk-model')).runRiskModelBench() },
  { name: 'cluster', run: async () => (await import('./cluster')).runClusterBench() },
  { name: 'custody', run: async () => (await import('./custody')).runCustodyBench() },
]

const only = process.argv.slice(2)
const results: BenchResult[] = []
let broken = 0
for (const b of benches) {
  // An argument that is a bench's name picks that one (`risk` is not `risk-model`, 5,000 sequences asked for by its
  // name); any other picks every bench with a word starting with it (`soak` both soaks, `model` the model soak).
  const named = (o: string) => benches.some((x) => x.name === o)
  const picked = (o: string) => (named(o) ? b.name === o : b.name.split(' ').some((word) => word.startsWith(o)))
  if (only.length && !only.some(picked)) continue
  process.stdout.write(`running ${b.name}…\n`)
  try {
    results.push(...(await b.run()))
  } catch (err) {
    broken++
    if (err instanceof PartialBenchError) results.push(...err.rows)
    const cause = err instanceof PartialBenchError ? err.cause : err
    console.error(`${b.name} failed to run:`, cause instanceof Error ? cause.stack : cause)
  }
}

console.log('\n' + 'figure'.padEnd(58) + 'value'.padStart(14) + '  target'.padEnd(14) + '  result')
for (const r of results) {
  const value = `${r.value} ${r.unit}`
  const verdict = r.skipped ? 'SKIPPED' : r.report ? '-' : r.pass ? 'PASS' : 'MISS'
  console.log(r.name.padEnd(58) + value.padStart(14) + `  ${r.target}`.padEnd(14) + `  ${verdict}`)
  console.log(`    ${r.note}`)
}
process.exit(broken === 0 ? 0 : 1)
