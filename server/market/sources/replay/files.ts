/**
 * Which files under a replay path are played, and as what. A folder is walked (sub-folders too, up to MAX_DEPTH),
 * so `replay:../shared/data/market` takes the crypto klines, the forex minute bars and the recorded trades in one go;
 * a file given by name is read as a kline file. Kinds, by name:
 * - `kline`: a .csv/.json whose name has a `1m` token (Binance dumps and REST answers, freqtrade OHLCV);
 * - `fx-bid`: `…-1m-bid-….csv` (FXCM bid bars, no volume); its `…-1m-ask-…` twin is not played (the bid is the quote);
 * - `lean-quote`: `YYYYMMDD_quote.zip` in a folder named for its pair (LEAN minute quote bars);
 * - `capture`: a gzipped Binance websocket capture with a depth snapshot (hftbacktest's `…-ws-capture-….gz`);
 * - `daily`: a LEAN daily quote zip (`…-1d-….zip`): day bars of history before a market's minutes (1D/1W/1M);
 * - anything else (other periods, tick and depth files of other layouts, provenance notes) is skipped and reported.
 */
import { readdir, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { leanQuoteDay } from './parse-lean'

/** How a replay file is read. */
export type ReplayFileKind = 'kline' | 'fx-bid' | 'lean-quote' | 'capture' | 'daily'

/** A file the replay plays: its path, its kind and the name its symbol is read from. */
export interface ReplayFile {
  path: string
  kind: ReplayFileKind
  /** The file name, or for LEAN day files the folder's name (which carries the pair). */
  symbolName: string
}

/** What a folder walk found. */
export interface ReplayListing {
  files: ReplayFile[]
  /** Paths not played, relative to the walked folder. */
  skipped: string[]
}

/** Sub-folder levels walked below the given folder. */
const MAX_DEPTH = 3
const MINUTE = /(^|[-_.])1m([-_.]|$)/i
const KLINE_EXT = /\.(csv|json)$/i

/** The kind of a file found in a walk, or undefined when the replay does not play it. */
export function replayKindOf(path: string): ReplayFileKind | undefined {
  const name = basename(path)
  if (leanQuoteDay(name) !== undefined) return 'lean-quote'
  if (/-ws-capture-.*\.gz$/i.test(name)) return 'capture'
  if (/(^|[-_.])1d([-_.]).*\.zip$/i.test(name)) return 'daily'
  if (!KLINE_EXT.test(name) || !MINUTE.test(name)) return undefined
  if (/-1m-ask-/i.test(name)) return undefined
  if (/-1m-bid-/i.test(name)) return 'fx-bid'
  return 'kline'
}

/** Lists `path`: one kline file, or the playable files of a folder tree (sorted); throws when there is nothing. */
export async function listReplayFiles(path: string): Promise<ReplayListing> {
  let info
  try {
    info = await stat(path)
  } catch {
    throw new Error(`replay path not found: ${path}`)
  }
  if (!info.isDirectory()) return { files: [fileOf(path, replayKindOf(path) ?? 'kline')], skipped: [] }
  const out: ReplayListing = { files: [], skipped: [] }
  await walk(path, '', 0, out)
  if (out.files.length === 0) throw new Error(`no replay files (1m kline .csv/.json, quote zips, captures) in ${path}`)
  return out
}

async function walk(root: string, rel: string, depth: number, out: ReplayListing): Promise<void> {
  const entries = (await readdir(join(root, rel), { withFileTypes: true }))
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const e of entries) {
    const relPath = rel ? join(rel, e.name) : e.name
    if (e.isDirectory()) {
      if (depth < MAX_DEPTH) await walk(root, relPath, depth + 1, out)
      else out.skipped.push(`${relPath}/`)
      continue
    }
    const kind = e.isFile() ? replayKindOf(e.name) : undefined
    if (kind) out.files.push(fileOf(join(root, relPath), kind))
    else out.skipped.push(relPath)
  }
}

function fileOf(path: string, kind: ReplayFileKind): ReplayFile {
  return { path, kind, symbolName: kind === 'lean-quote' ? basename(dirname(path)) : basename(path) }
}
