/**
 * An independent reader of the real kline files in ../shared/data/market/klines, used as the oracle of replay tests:
 * deliberately simple (only the layouts present there), sharing no code with the server's parser.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { recordedDataPresent } from './prerequisites'

export const REAL_KLINES = join(import.meta.dirname, '../../../shared/data/market/klines')
/** False locally when the files are absent (the replay tests skip); under CI=true their absence throws. */
export const HAVE_REAL_KLINES = recordedDataPresent(REAL_KLINES)

export interface OracleBar {
  t: number
  open: string
  high: string
  low: string
  close: string
  volume: string
  quote?: string
  count?: number
}

function symbolOf(name: string): string {
  const futures = name.includes('usdm-futures')
  const m = /-([A-Z]+)_?(USDT)-/.exec(name)
  if (!m) throw new Error(`oracle cannot read ${name}`)
  return futures ? `${m[1]}-${m[2]}` : `${m[1]}${m[2]}`.toLowerCase()
}

function readFile(path: string): OracleBar[] {
  const text = readFileSync(path, 'utf8')
  if (path.endsWith('.json')) {
    return (JSON.parse(text) as unknown[][]).map((r) => {
      const b: OracleBar = {
        t: Number(r[0]),
        open: String(r[1]),
        high: String(r[2]),
        low: String(r[3]),
        close: String(r[4]),
        volume: String(r[5]),
      }
      if (r.length >= 12) Object.assign(b, { quote: String(r[7]), count: Number(r[8]) })
      return b
    })
  }
  const [head, ...rows] = text.trim().split('\n')
  const cols = (head as string).split(',')
  const at = (name: string) => cols.indexOf(name)
  return rows.map((line) => {
    const f = line.split(',')
    const time = f[at('open_time')] as string
    return {
      t: /^\d+$/.test(time) ? Number(time) : Date.parse(time.replace(' ', 'T')),
      open: f[1] as string,
      high: f[2] as string,
      low: f[3] as string,
      close: f[4] as string,
      volume: f[5] as string,
      quote: f[7] as string,
      count: Number(f[8]),
    }
  })
}

/** Every symbol's bars, files merged by open time (first file by name wins a duplicate). */
export function readRealKlines(): Map<string, OracleBar[]> {
  const out = new Map<string, OracleBar[]>()
  for (const name of readdirSync(REAL_KLINES).sort()) {
    const sym = symbolOf(name)
    out.set(sym, [...(out.get(sym) ?? []), ...readFile(join(REAL_KLINES, name))])
  }
  for (const [sym, bars] of out) {
    const sorted = [...bars].sort((a, b) => a.t - b.t)
    out.set(
      sym,
      sorted.filter((b, i) => i === 0 || sorted[i - 1]!.t !== b.t),
    )
  }
  return out
}

/**
 * The replay's documented rule (server/market/sources/replay/index.ts), restated here rather than imported: at speed 1
 * bar i of the endless loop over a symbol's merged recording plays in minute i after 2020-01-01T00:00Z.
 */
const REPLAY_EPOCH_S = Date.UTC(2020, 0, 1) / 1000

/** The recorded bar a speed-1 replay plays (or played) in the minute opening at `id` (epoch seconds). */
export function recordedBarAt<T>(bars: readonly T[], id: number): T {
  const i = (id - REPLAY_EPOCH_S) / 60
  if (!Number.isInteger(i)) throw new Error(`${id} is not a minute boundary`)
  return bars[((i % bars.length) + bars.length) % bars.length]!
}
