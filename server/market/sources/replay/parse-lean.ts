/**
 * QuantConnect LEAN minute quote bars (`Data/forex/oanda/minute/<pair>/YYYYMMDD_quote.zip`, one CSV inside):
 * rows `Time, BidOpen, BidHigh, BidLow, BidClose, LastBidSize, AskOpen, AskHigh, AskLow, AskClose, LastAskSize`
 * with no header, `Time` in milliseconds since midnight of the file's date, in the data time zone (UTC for Oanda
 * forex and CFDs, per LEAN's `market-hours-database.json`). Source of the layout: LEAN's `QuoteBar` reader and
 * ../shared/data/market/PROVENANCE.md §4.
 *
 * Daily files (`Data/forex/oanda/daily/<pair>.zip`) hold the same columns with `Time` as `YYYYMMDD HH:mm`.
 *
 * The replay plays the bid side: forex charts quote the bid, and the bid bars are recorded prices (a mid would be a
 * computed one). Oanda files carry no traded volume (sizes are 0), so the bars have volume 0 and no derived trades.
 */
import { unzipSync } from 'fflate'
import { type RawBar, ReplayFileError, atLine, checkBar, numberField } from './row'

const ZIP_NAME = /^(\d{4})(\d{2})(\d{2})_quote\.zip$/i

/** Midnight UTC (epoch ms) of a `YYYYMMDD_quote.zip` file name; undefined for any other name. */
export function leanQuoteDay(name: string): number | undefined {
  const m = ZIP_NAME.exec(name)
  if (!m) return undefined
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isNaN(ms) ? undefined : ms
}

/** Unzips one LEAN daily quote file and parses its CSV; throws ReplayFileError naming the file and line. */
export function parseLeanQuoteZip(zip: Uint8Array, file: string, dayMs: number): RawBar[] {
  return parseLeanQuoteCsv(unzipCsv(zip, file), file, dayMs)
}

/** Parses the CSV text of one LEAN minute quote file of the day starting at `dayMs` (epoch ms, UTC midnight). */
export function parseLeanQuoteCsv(text: string, file: string, dayMs: number): RawBar[] {
  const minuteOf = (field: string | undefined) => {
    const ms = Number(numberField(field, 'time'))
    if (!Number.isInteger(ms) || ms < 0 || ms >= 86_400_000) {
      throw new Error(`time ${field} is not milliseconds within the day`)
    }
    return dayMs + ms
  }
  return parseLeanRows(text, file, minuteOf, checkBar, 'no quote rows')
}

/** Unzips a LEAN daily quote file and parses its rows (`YYYYMMDD HH:mm`, bid OHLC, …) into day bars. */
export function parseLeanDailyZip(zip: Uint8Array, file: string): RawBar[] {
  const dayOf = (field: string | undefined) => {
    const m = /^(\d{4})(\d{2})(\d{2}) 00:00$/.exec(field ?? '')
    if (!m) throw new Error(`time ${JSON.stringify(field)} is not YYYYMMDD 00:00`)
    return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  }
  return parseLeanRows(unzipCsv(zip, file), file, dayOf, checkDay, 'no daily rows')
}

/** Rows of LEAN quote bars (time, bid OHLC, size, ask OHLC, size) as bid bars with volume 0, each checked. */
function parseLeanRows(
  text: string,
  file: string,
  timeOf: (field: string | undefined) => number,
  check: (bar: RawBar, prevT: number | undefined) => void,
  none: string,
): RawBar[] {
  const bars: RawBar[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim()
    if (line === '') continue
    const bar = atLine(file, i + 1, () => {
      const f = line.split(',')
      if (f.length < 5) throw new Error(`expected 11 columns (time, bid OHLC, size, ask OHLC, size), found ${f.length}`)
      const b: RawBar = {
        t: timeOf(f[0]),
        open: numberField(f[1], 'bid open'),
        high: numberField(f[2], 'bid high'),
        low: numberField(f[3], 'bid low'),
        close: numberField(f[4], 'bid close'),
        volume: '0',
      }
      check(b, bars[bars.length - 1]?.t)
      return b
    })
    bars.push(bar)
  }
  if (bars.length === 0) throw new ReplayFileError(file, 1, none)
  return bars
}

/** checkBar's rules for a day bar: OHLC order, positive low, strictly later than the previous day. */
function checkDay(bar: RawBar, prevT: number | undefined): void {
  if (prevT !== undefined && bar.t <= prevT)
    throw new Error(`day ${new Date(bar.t).toISOString().slice(0, 10)} is not after the previous row's`)
  checkBar({ ...bar, t: 0 }, undefined)
}

function unzipCsv(zip: Uint8Array, file: string): string {
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(zip)
  } catch (err) {
    throw new ReplayFileError(file, 1, `not a readable zip file (${(err as Error).message})`)
  }
  const csv = Object.keys(entries).find((n) => n.toLowerCase().endsWith('.csv'))
  if (!csv) throw new ReplayFileError(file, 1, 'the zip holds no .csv file')
  return new TextDecoder().decode(entries[csv])
}
