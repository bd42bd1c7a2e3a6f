/**
 * Loads a replay file or folder tree (files.ts says which files are played and as what): parses every kline, FXCM bid
 * and LEAN quote file and websocket capture (a tape of trades and depth, whose trades also make 1min bars), groups
 * them by the symbol in their names, merges each symbol's files in time order
 * (de-duplicated by open time, the first file read wins) and works out its precision: from the catalog when it lists
 * the symbol, else from the data (never fewer decimals than the data has, so recorded bars are served unchanged).
 */
import { readFile } from 'node:fs/promises'
import { basename, relative } from 'node:path'
import { catalogEntry } from '../../catalog'
import type { SymbolSpec } from '../source'
import { decimalsOf } from '../units'
import { type FileSymbol, symbolFromFileName } from './file-name'
import { type ReplayFile, listReplayFiles } from './files'
import { type Tape, parseCapture } from './parse-capture'
import { parseKlineCsv } from './parse-csv'
import { parseKlineJson } from './parse-json'
import { leanQuoteDay, parseLeanDailyZip, parseLeanQuoteZip } from './parse-lean'
import { type RawBar, ReplayFileError } from './row'

/** One symbol's merged recording. */
export interface ReplaySeries {
  spec: SymbolSpec
  /** 1min bars of every file, the tape's minutes included (from its trades). */
  bars: RawBar[]
  files: string[]
  /** Recorded trades and depth of some minutes (websocket captures), when there are any. */
  tape?: Tape
  /** Recorded day bars (daily files), oldest first, when there are any: history before the minutes. */
  daily?: RawBar[]
}

/**
 * What a load found besides the series: files under the path that are not played, relative to it (those of a market
 * that has day bars but no minute bars to play included).
 */
export interface ReplayLoadReport {
  skipped: string[]
}

/** Reads `path` (a file or a folder tree); throws ReplayFileError / Error naming the file on any problem. */
export async function loadReplay(path: string, report?: (r: ReplayLoadReport) => void): Promise<ReplaySeries[]> {
  const listing = await listReplayFiles(path)
  const groups = new Map<
    string,
    { sym: FileSymbol; files: string[]; bars: RawBar[][]; tapes: Tape[]; daily: RawBar[][] }
  >()
  for (const file of listing.files) {
    const sym = symbolFromFileName(file.symbolName)
    if (!sym)
      throw new ReplayFileError(
        file.path,
        1,
        'cannot tell the symbol from the file name (expected e.g. …-BTCUSDT-… or …-BTC_USDT-…)',
      )
    const g = groups.get(sym.symbol) ?? { sym, files: [], bars: [], tapes: [], daily: [] }
    if (file.kind === 'daily') {
      g.daily.push(parseLeanDailyZip(await readFile(file.path), file.path))
    } else if (file.kind === 'capture') {
      const tape = parseCapture(await readFile(file.path), file.path, sym.symbol)
      g.tapes.push(tape)
      g.bars.push(tape.bars)
    } else {
      g.bars.push(await readBars(file))
    }
    g.files.push(file.path)
    groups.set(sym.symbol, g)
  }
  // Day bars alone cannot be played (the replay plays minutes): such a market is left out and reported.
  const playable = [...groups.values()].filter((g) => g.bars.length > 0)
  const dayOnly = [...groups.values()].filter((g) => g.bars.length === 0).flatMap((g) => g.files)
  report?.({ skipped: [...listing.skipped, ...dayOnly.map((f) => relative(path, f) || f)] })
  if (playable.length === 0) throw new Error(`no bars to replay in ${path}`)
  return playable.map((g) => {
    const bars = mergeBars(g.bars)
    const tape = mergeTapes(g.tapes)
    const daily = g.daily.length > 0 ? mergeBars(g.daily) : undefined
    return { spec: specFor(g.sym, bars), bars, files: g.files, ...(tape ? { tape } : {}), ...(daily ? { daily } : {}) }
  })
}

/** One tape of several captures of a symbol: trades and book states in time order. */
function mergeTapes(tapes: Tape[]): Tape | undefined {
  if (tapes.length <= 1) return tapes[0]
  const first = tapes[0] as Tape
  return {
    symbol: first.symbol,
    trades: tapes.flatMap((t) => t.trades).sort((a, b) => a.ts - b.ts || a.id - b.id),
    books: tapes.flatMap((t) => t.books).sort((a, b) => a.ts - b.ts),
    bars: mergeBars(tapes.map((t) => t.bars)),
  }
}

async function readBars(file: ReplayFile): Promise<RawBar[]> {
  if (file.kind === 'lean-quote') {
    // listReplayFiles classed it by this very name, so the day is there.
    const day = leanQuoteDay(basename(file.path)) as number
    return parseLeanQuoteZip(await readFile(file.path), file.path, day)
  }
  const text = await readFile(file.path, 'utf8')
  if (/\.json$/i.test(file.path)) return parseKlineJson(text, file.path)
  return parseKlineCsv(text, file.path, { volumeOptional: file.kind === 'fx-bid' })
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
