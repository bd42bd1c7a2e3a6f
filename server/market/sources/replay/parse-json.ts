/**
 * JSON kline files, an array of arrays: the Binance REST `/api/v3/klines` answer (12 fields, prices and volumes as
 * strings: open_time, open, high, low, close, volume, close_time, quote_volume, count, …) and freqtrade's OHLCV
 * files (`[open_time_ms, open, high, low, close, volume]`, numbers). Rows are split out by a small scanner so each
 * error can name its line, even in a one-line file (then the row number says which).
 */
import { type RawBar, ReplayFileError, atLine, checkBar, numberField, timeField } from './row'

interface RowText {
  text: string
  line: number
  index: number
}

/** Parses JSON text of `file` into checked bars; throws ReplayFileError naming line (and row). */
export function parseKlineJson(text: string, file: string): RawBar[] {
  const bars: RawBar[] = []
  for (const row of splitRows(text, file)) {
    const where = `row ${row.index + 1}: `
    const bar = atLine(file, row.line, () => {
      let cells: unknown
      try {
        cells = JSON.parse(row.text)
      } catch {
        throw new Error(`${where}not valid JSON`)
      }
      try {
        const b = toBar(cells)
        checkBar(b, bars[bars.length - 1]?.t)
        return b
      } catch (err) {
        throw new Error(where + (err as Error).message, { cause: err })
      }
    })
    bars.push(bar)
  }
  if (bars.length === 0) throw new ReplayFileError(file, 1, 'no kline rows')
  return bars
}

function toBar(cells: unknown): RawBar {
  if (!Array.isArray(cells) || cells.length < 6)
    throw new Error('expected [open_time, open, high, low, close, volume, …]')
  const bar: RawBar = {
    t: timeField(cells[0]),
    open: numberField(cells[1], 'open'),
    high: numberField(cells[2], 'high'),
    low: numberField(cells[3], 'low'),
    close: numberField(cells[4], 'close'),
    volume: numberField(cells[5], 'volume'),
  }
  if (cells.length >= 9) {
    bar.quote = numberField(cells[7], 'quote volume')
    bar.count = Number(numberField(cells[8], 'trade count'))
  }
  return bar
}

/** Splits the top-level array into its element texts with their line numbers. */
function splitRows(text: string, file: string): RowText[] {
  const rows: RowText[] = []
  let line = 1
  let depth = 0
  let inString = false
  let start = -1
  let startLine = 1
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\n') line++
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
      continue
    }
    if (ch === '"') inString = true
    else if (ch === '[' || ch === '{') {
      depth++
      if (depth === 1 && ch === '{') throw new ReplayFileError(file, line, 'expected a JSON array of kline rows')
      if (depth === 2) {
        start = i
        startLine = line
      }
    } else if (ch === ']' || ch === '}') {
      depth--
      if (depth === 1) rows.push({ text: text.slice(start, i + 1), line: startLine, index: rows.length })
      if (depth < 0) throw new ReplayFileError(file, line, 'unbalanced brackets')
    } else if (depth === 0 && ch !== undefined && !/\s/.test(ch)) {
      throw new ReplayFileError(file, line, 'expected a JSON array of kline rows')
    } else if (depth === 1 && ch !== undefined && !/[\s,]/.test(ch)) {
      throw new ReplayFileError(file, line, `row ${rows.length + 1}: expected an array`)
    }
  }
  if (depth !== 0) throw new ReplayFileError(file, line, 'truncated JSON: unbalanced brackets')
  return rows
}
