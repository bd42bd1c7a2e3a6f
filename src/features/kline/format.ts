/**
 * Number and time formatters of the chart canvas: prices at the market's precision with the locale's grouping,
 * volumes compact by locale (1.2K, 1.2万), bar times in local time.
 */
import { formatChange, formatPrice, formatVolume } from '../../lib/format'
import type { ChartFormat } from './render/types'

const DAY = 86_400

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))

/** "YYYY-MM-DD HH:mm" of epoch seconds, local time. */
export function formatBarTime(id: number): string {
  const d = new Date(id * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * Time-axis label of a bar (epoch seconds, local time): "YYYY-MM" for steps of a month or more, "MM-DD" for steps
 * of a day or more and at local midnight, else "HH:mm".
 */
export function formatAxisTime(id: number, stepSeconds: number): string {
  const d = new Date(id * 1000)
  if (stepSeconds >= 28 * DAY) return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`
  if (stepSeconds >= DAY || (d.getHours() === 0 && d.getMinutes() === 0))
    return `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/**
 * Chart formatters for `locale` (BCP 47), through the app's display helpers (src/lib/format: big.js rounding, exact
 * grouping): prices with `pricePrecision` decimals (quote currency), volumes compact (base currency), changes with
 * sign and percent.
 */
export function createChartFormat(locale: string, pricePrecision: number): ChartFormat {
  return {
    price: (v) => formatPrice(v, pricePrecision, locale),
    volume: (v) => formatVolume(v, locale),
    change: (open, close) => formatChange(open, close, locale).text,
    axisTime: formatAxisTime,
    crosshairTime: formatBarTime,
  }
}
