/**
 * Binance 1-minute kline CSV: the data.binance.vision dump layout (12 columns, no header in older dumps, a header in
 * newer ones; open time in ms or µs) and the same columns with a header and ISO times. With a header, columns are
 * found by name; without one, by the dump's positions (open_time, open, high, low, close, volume, close_time,
 * quote_volume, count, …). FXCM bid bars (`timestamp,open,high,low,close`, no volume) read with `volumeOptional`.
 */
import { type RawBar, ReplayFileError, atLine, checkBar, numberField, timeField } from './row'

type Column = 'time' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'quote' | 'count'

const NAMES: Record<Column, string[]> = {
  time: ['open_time', 'opentime', 'open time', 'timestamp', 'time', 'date', 'datetime'],
  open: ['open'],
  high: ['high'],
  low: ['low'],
  close: ['close'],
  volume: ['volume', 'vol', 'base_volume'],
  quote: ['quote_volume', 'qav', 'quote_asset_volume', 'quote asset volume', 'quote_av'],
  count: ['count', 'num_trades', 'number_of_trades', 'trades'],
}

const POSITIONS: Record<Column, number> = { time: 0, open: 1, high: 2, low: 3, close: 4, volume: 5, quote: 7, count: 8 }

/** Options of parseKlineCsv. */
export interface KlineCsvOptions {
  /** A file with a header but no volume column (quote files: FXCM bid bars) gets volume 0 instead of an error. */
  volumeOptional?: boolean
}

/** Parses CSV text of `file` into checked bars; throws ReplayFileError naming the line. */
export function parseKlineCsv(text: string, file: string, opts: KlineCsvOptions = {}): RawBar[] {
  const lines = text.split(/\r?\n/)
  const first = lines.findIndex((l) => l.trim() !== '')
  if (first < 0) throw new ReplayFileError(file, 1, 'the file is empty')
  const head = (lines[first] as string).split(',').map((f) => f.trim().toLowerCase())
  const hasHeader = !isTime(head[0])
  const cols = hasHeader ? columnsFromHeader(head, file, first + 1, opts) : POSITIONS
  const bars: RawBar[] = []
  for (let i = hasHeader ? first + 1 : first; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '') continue
    const fields = line.split(',')
    const bar = atLine(file, i + 1, () => {
      const b = toBar(fields, cols)
      checkBar(b, bars[bars.length - 1]?.t)
      return b
    })
    bars.push(bar)
  }
  if (bars.length === 0) throw new ReplayFileError(file, first + 1, 'no kline rows')
  return bars
}

function isTime(field: string | undefined): boolean {
  if (field === undefined) return false
  try {
    timeField(field)
    return true
  } catch {
    return false
  }
}

function columnsFromHeader(head: string[], file: string, line: number, opts: KlineCsvOptions): Record<Column, number> {
  const out = {} as Record<Column, number>
  for (const col of Object.keys(NAMES) as Column[]) {
    const i = head.findIndex((h) => NAMES[col].includes(h))
    const optional = col === 'quote' || col === 'count' || (col === 'volume' && opts.volumeOptional === true)
    if (i < 0 && !optional) {
      throw new ReplayFileError(file, line, `header has no ${col} column (${NAMES[col].join(' / ')})`)
    }
    out[col] = i
  }
  return out
}

function toBar(fields: string[], cols: Record<Column, number>): RawBar {
  const get = (c: Column) => (cols[c] >= 0 ? fields[cols[c]] : undefined)
  if (fields.length <= Math.max(cols.time, cols.open, cols.high, cols.low, cols.close, cols.volume)) {
    throw new Error(`expected at least ${Math.max(cols.close, cols.volume) + 1} columns, found ${fields.length}`)
  }
  const bar: RawBar = {
    t: timeField(get('time')),
    open: numberField(get('open'), 'open'),
    high: numberField(get('high'), 'high'),
    low: numberField(get('low'), 'low'),
    close: numberField(get('close'), 'close'),
    volume: cols.volume >= 0 ? numberField(get('volume'), 'volume') : '0',
  }
  const quote = get('quote')
  if (quote !== undefined && quote.trim() !== '') bar.quote = numberField(quote, 'quote volume')
  const count = get('count')
  if (count !== undefined && count.trim() !== '') bar.count = Number(numberField(count, 'trade count'))
  return bar
}
