/**
 * fast-check arbitraries of client frames for the gateway fuzz (test and bench): the shapes of real HTX traffic (the
 * captures in ../shared/data/market/ws and the examples of htx-protocol.md a4) with their fields replaced by hostile
 * values — objects carrying toString/valueOf, `__proto__`/`constructor` keys, 1e400, NaN-like strings, deep nesting,
 * long strings, wrong types — plus text that is not JSON and binary frames. Frames are built as JSON *text*, so they
 * can hold what JSON.stringify never writes (duplicate keys, an own `__proto__`, 1e400, 30,000 levels of nesting).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import fc from 'fast-check'

export const HTX_CAPTURES = join(import.meta.dirname, '../../../shared/data/market/ws')
const CAPTURE_FILES = [
  'htx-spot-ws-depth-trade-2021-04-17-decoded.jsonl',
  'htx-linear-swap-ws-depth-trade-2022-02-19-decoded.jsonl',
]

/** One websocket message as a client sends it. */
export interface FuzzFrame {
  data: string | Buffer
  binary: boolean
}

/** The protocol examples of htx-protocol.md a3–a4, on symbols our test hub lists. */
const DOC_FRAMES: object[] = [
  { sub: 'market.btcusdt.kline.1min', id: 'id1' },
  { unsub: 'market.btcusdt.trade.detail', id: 'id4' },
  { req: 'market.btcusdt.kline.1min', id: 'id10', from: 1513391400, to: 1513392000 },
  { req: 'market.btcusdt.depth.step0', id: 'm2' },
  { sub: 'market.btcusdt.ticker', id: 'w1', freq: 5000 },
  { sub: ['market.btcusdt.kline.1min', 'market.ethusdt.kline.5min'], id: 'id1' },
  { ping: 1492420473027 },
  { pong: 1492420473027 },
]

/**
 * Client-side messages of the HTX captures (their subs and pongs) and a sample of what the server sent (acks, pushes,
 * pings) sent back as if from a client: real shapes with real values. Falls back to the doc examples alone when the
 * captures are absent (`captured` says how many came from files).
 */
export function loadSeedFrames(perKind = 40): { seeds: string[]; captured: number } {
  const seeds = DOC_FRAMES.map((f) => JSON.stringify(f))
  let captured = 0
  for (const file of CAPTURE_FILES) {
    const path = join(HTX_CAPTURES, file)
    if (!existsSync(path)) continue
    const seen = new Map<string, number>()
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue
      const rec = JSON.parse(line) as { dir: string; msg?: Record<string, unknown> }
      if (!rec.msg) continue
      const kind = `${rec.dir}:${Object.keys(rec.msg).sort().join(',')}`
      const n = seen.get(kind) ?? 0
      if (n >= perKind) continue
      seen.set(kind, n + 1)
      seeds.push(JSON.stringify(rec.msg))
      captured++
    }
  }
  return { seeds, captured }
}

const nest = (open: string, inner: string, close: string, depth: number) =>
  open.repeat(depth) + inner + close.repeat(depth)

/** Big hostile values, built once (generating 60 KB per frame would make the fuzz measure fast-check). */
const BIG_TEXT = [
  nest('[', '', ']', 100),
  nest('[', '', ']', 30_000),
  nest('{"a":', '{"toString":1}', '}', 5_000),
  nest('[', '{"__proto__":{"toString":1}}', ']', 1_000),
  JSON.stringify('market.'.padEnd(1_000, 'x')),
  JSON.stringify('market.btcusdt.'.padEnd(60_000, 'x')),
  `[${'1e400,'.repeat(5_000)}1]`,
]

/** JSON text of values that broke or could break a naive handler. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      '{"toString":1}',
      '{"valueOf":1}',
      '{"toString":{},"valueOf":{}}',
      '{"toString":"x","valueOf":"y","toJSON":1}',
      '{"__proto__":{"toString":1}}',
      '{"__proto__":null}',
      '{"constructor":{"prototype":{"toString":1}}}',
      '{"hasOwnProperty":1,"length":1e400}',
      '1e400',
      '-1e400',
      '1e308',
      '5e-324',
      '-0',
      '9007199254740993',
      '123456789012345678901234567890',
      '0.1',
      '-1',
      '"NaN"',
      '"Infinity"',
      '"-Infinity"',
      '"1e999"',
      '"0x10"',
      '"\\u0000"',
      '"\\ud800"',
      '"market.btcusdt.ticker\\u0000"',
      '"__proto__"',
      '"constructor"',
      'true',
      'false',
      'null',
      '[]',
      '{}',
      '["market.btcusdt.ticker"]',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...BIG_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.double().map((x) => (Number.isFinite(x) ? String(x) : '1e400')) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 2 }) },
)

/** JSON text of values a client could mean: our topics (good and near-misses), ids, epoch seconds, freq. */
const plausibleText: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('btcusdt', 'eurusd', 'BTC-USDT', 'dogebtc', 'BTCUSDT', 'x', ''),
      fc.constantFrom(
        'ticker',
        'depth.step0',
        'depth.step9',
        'trade.detail',
        'kline.1min',
        'kline.1day',
        'kline.2min',
        'kline',
      ),
    )
    .map(([s, c]) => JSON.stringify(`market.${s}.${c}`)),
  fc.integer({ min: 1_400_000_000, max: 2_700_000_000 }).map(String),
  fc.integer({ min: -10, max: 100_000 }).map(String),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
)

const valueText = fc.oneof({ weight: 2, arbitrary: hostileText }, { weight: 3, arbitrary: plausibleText })
const keyArb = fc.oneof(
  fc.constantFrom(
    'sub',
    'unsub',
    'req',
    'id',
    'from',
    'to',
    'freq',
    'ping',
    'pong',
    '__proto__',
    'constructor',
    'toString',
    'cid',
    'op',
    'action',
    'ch',
    'data',
  ),
  fc.string({ maxLength: 8 }),
)

/** A JSON object frame: 0–6 entries (keys may repeat) with plausible or hostile values. */
const objectFrame: fc.Arbitrary<string> = fc
  .array(fc.tuple(keyArb, valueText), { maxLength: 6 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`)

/** A real frame with one field replaced (JSON.parse keeps the last of duplicate keys) or one field added. */
function mutatedSeed(seeds: string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), keyArb, valueText, fc.boolean()).map(([seed, key, value, last]) => {
    const body = seed.trim().slice(1, -1)
    const entry = `${JSON.stringify(key)}:${value}`
    if (!body) return `{${entry}}`
    return last ? `{${body},${entry}}` : `{${entry},${body}}`
  })
}

/** Text that is not a JSON object: cut frames, random text, scalars. */
function notJson(seeds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(fc.constantFrom(...seeds), fc.nat()).map(([s, n]) => s.slice(0, n % Math.max(1, s.length))),
    fc.string({ maxLength: 64, unit: 'binary' }),
    fc.constantFrom(
      '',
      ' ',
      'null',
      '[]',
      '1',
      '"sub"',
      'ping',
      '{"sub"',
      '{"sub":"market.btcusdt.ticker"',
      '\uFEFF{}',
    ),
  )
}

/** Every kind of client frame, weighted towards real shapes. */
export function frameArbitrary(seeds: string[]): fc.Arbitrary<FuzzFrame> {
  const text = (a: fc.Arbitrary<string>) => a.map((data): FuzzFrame => ({ data, binary: false }))
  return fc.oneof(
    { weight: 3, arbitrary: text(mutatedSeed(seeds)) },
    { weight: 3, arbitrary: text(objectFrame) },
    { weight: 1, arbitrary: text(fc.constantFrom(...seeds)) },
    { weight: 1, arbitrary: text(notJson(seeds)) },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 256 }).map((b): FuzzFrame => ({ data: Buffer.from(b), binary: true })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...seeds).map((s): FuzzFrame => ({ data: gzipSync(s), binary: true })) },
    { weight: 1, arbitrary: fc.constantFrom(...seeds).map((s): FuzzFrame => ({ data: Buffer.from(s), binary: true })) },
  )
}
