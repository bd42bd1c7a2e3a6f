/**
 * Loads a replay file or folder: parses every .csv/.json kline file, groups them by the symbol in their names,
 * merges each symbol's files in time order (de-duplicated by open time, the first file read wins) and works out
 * its precision: from the catalog when it lists the symbol, else from the data (never fewer decimals than the data
 * has, so recorded bars are served unchanged).
 */
import { readFile, readdir, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { catalogEntry } from '../../catalog'
import type { SymbolSpec } from '../source'
import { decimalsOf } from '../units'
import { type FileSymbol, symbolFromFileName } from './file-name'
import { parseKlineCsv } from './parse-csv'
import { parseKlineJson } from './parse-json'
import { type RawBar, ReplayFileError } from './row'

/** One symbol's merged recording. */
export interface ReplaySeries {
  spec: SymbolSpec
  bars: RawBar[]
  files: string[]
}

const KLINE_FILE = /\.(csv|json)$/i

/** Reads `path` (a file or a folder of files); throws ReplayFileError / Error naming the file on any problem. */
export async function loadReplay(path: string): Promise<ReplaySeries[]> {
  const files = await listFiles(path)
  const groups = new Map<string, { sym: FileSymbol; files: string[]; bars: RawBar[][] }>()
  for (const file of files) {
    const sym = symbolFromFileName(basename(file))
    if (!sym)
      throw new ReplayFileError(
        file,
        1,
        'cannot tell the symbol from the file name (expected e.g. …-BTCUSDT-… or …-BTC_USDT-…)',
      )
    const text = await readFile(file, 'utf8')
    const bars = /\.json$/i.test(file) ? parseKlineJson(text, file) : parseKlineCsv(text, file)
    const g = groups.get(sym.symbol) ?? { sym, files: [], bars: [] }
    g.files.push(file)
    g.bars.push(bars)
    groups.set(sym.symbol, g)
  }
  return [...groups.values()].map((g) => {
    const bars = mergeBars(g.bars)
    return { spec: specFor(g.sym, bars), bars, files: g.files }
  })
}

async function listFiles(path: string): Promise<string[]> {
  let info
  try {
    info = await stat(path)
  } catch {
    throw new Error(`replay path not found: ${path}`)
  }
  if (!info.isDirectory()) return [path]
  const names = (await readdir(path)).filter((n) => KLINE_FILE.test(n)).sort()
  if (names.length === 0) throw new Error(`no kline files (.csv, .json) in ${path}`)
  return names.map((n) => join(path, n))
}

/** Merges files' bars by open time; a later file's bar with an open time already seen is dropped. */
export function mergeBars(lists: RawBar[][]): RawBar[] {
  const all = lists.flat().sort((a, b) => a.t - b.t)
  const out: RawBar[] = []
  for (const bar of all) if (out[out.length - 1]?.t !== bar.t) out.push(bar)
  return out
}

function specFor(sym: FileSymbol, bars: RawBar[]): SymbolSpec {
  let priceDp = 0
  let volumeDp = 0
  let quoteDp = 0
  for (const b of bars) {
    priceDp = Math.max(priceDp, decimalsOf(b.open), decimalsOf(b.high), decimalsOf(b.low), decimalsOf(b.close))
    volumeDp = Math.max(volumeDp, decimalsOf(b.volume))
    if (b.quote !== undefined) quoteDp = Math.max(quoteDp, decimalsOf(b.quote))
  }
  const entry = catalogEntry(sym.symbol)
  const price = Math.max(entry?.price_precision ?? 0, priceDp)
  const amount = entry?.amount_precision ?? volumeDp
  const volume = Math.max(amount, volumeDp)
  return {
    symbol: sym.symbol,
    category: entry?.category ?? sym.category,
    base: entry?.base ?? sym.base,
    quote: entry?.quote ?? sym.quote,
    price_precision: price,
    amount_precision: amount,
    volume_decimals: volume,
    turnover_decimals: Math.min(12, Math.max(quoteDp, price + volume)),
  }
}
