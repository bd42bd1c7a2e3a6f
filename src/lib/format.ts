/**
 * Display formatting of every number a screen shows (issue 24 part 2): prices at their market's precision
 * (`formatPrice`), amounts of money at their currency's display scale (`formatAmount`), exact amounts where the exact
 * figure is the point (`formatMoney`), volumes, quote changes and rates (dates: ./dates.ts, kept apart so that dayjs stays off the
 * way to the first price, issue 9). Rounding is done on decimals (big.js through
 * common/decimal.ts); `Intl.NumberFormat` only groups the integer part (exactly, as a BigInt) and supplies the
 * locale's decimal separator, so a price is never turned into a float on its way to the screen.
 */
import { displayScale, multiply, parseDecimal, round, scaleOf, sign, toFixedScale } from '../../common/amount'
import { quoteChange, roundTo, toFixed, type DecimalInput } from '../../common/decimal'

const groupers = new Map<string, { int: Intl.NumberFormat; sep: string }>()

function grouper(locale: string): { int: Intl.NumberFormat; sep: string } {
  let g = groupers.get(locale)
  if (!g) {
    const int = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    const sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
    g = { int, sep }
    groupers.set(locale, g)
  }
  return g
}

/**
 * Groups a plain decimal string ("-1234567.50") by `locale`: "-1,234,567.50" (en), "-1.234.567,50" (pt),
 * "-12,34,567.50" (hi). The digits are kept as given.
 */
export function groupDecimal(fixed: string, locale: string): string {
  const negative = fixed.startsWith('-')
  const [intPart = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.')
  const g = grouper(locale)
  const body = g.int.format(BigInt(intPart)) + (frac !== undefined ? g.sep + frac : '')
  return negative ? `-${body}` : body
}

/**
 * A price with exactly `precision` decimals (half-up), grouped by `locale`: formatPrice('97000.5', 2, 'en') →
 * "97,000.50". Returns "--" when `value` is missing or not a decimal.
 * @param value price in the market's quote currency (decimal string or feed number)
 */
export function formatPrice(value: DecimalInput | null | undefined, precision: number, locale: string): string {
  if (value === null || value === undefined) return '--'
  try {
    return groupDecimal(toFixed(value, precision, 'half-up'), locale)
  } catch {
    return '--'
  }
}

const compacts = new Map<string, Intl.NumberFormat>()

/**
 * A volume in the locale's compact notation with at most 2 fraction digits: 1234567.89 → "1.23M" (en),
 * "123.46万" (zh-CN), "12.35 लाख" (hi). With `significant` (1–21), at most that many significant digits instead,
 * for narrow places: (268_660_000, 'en', 3) → "269M", (52_287_700, 'ja', 3) → "5230万". Rounded to 2 decimals with
 * big.js first; the compact scaling itself is display only. "--" when missing or invalid.
 */
export function formatVolume(value: DecimalInput | null | undefined, locale: string, significant?: number): string {
  if (value === null || value === undefined) return '--'
  const key = `${locale}|${significant ?? ''}`
  let f = compacts.get(key)
  if (!f) {
    f = new Intl.NumberFormat(
      locale,
      significant === undefined
        ? { notation: 'compact', maximumFractionDigits: 2 }
        : { notation: 'compact', maximumSignificantDigits: significant },
    )
    compacts.set(key, f)
  }
  try {
    return f.format(Number(roundTo(value, { places: 2, mode: 'half-up' })))
  } catch {
    return '--'
  }
}

/** Direction of a quote change, for colouring: up green, down red, flat grey. */
export type ChangeTrend = 'up' | 'down' | 'flat'

/** A formatted quote change: `text` "+1.25%" (locale decimal separator), `trend` for colour, `pct` "+1.25". */
export interface FormattedChange {
  text: string
  trend: ChangeTrend
  pct: string
}

/**
 * Quote change of a ticker from its 24 h open to the last close (spec §3 derived fields, common/decimal quoteChange):
 * "+2.35%", "-0.40%", "0.00%". Missing or invalid input gives "--" and trend flat.
 */
export function formatChange(
  open: DecimalInput | null | undefined,
  close: DecimalInput | null | undefined,
  locale = 'en',
): FormattedChange {
  if (open === null || open === undefined || close === null || close === undefined) {
    return { text: '--', trend: 'flat', pct: '0.00' }
  }
  try {
    const { change } = quoteChange(open, close)
    const trend: ChangeTrend = change.startsWith('+') ? 'up' : change.startsWith('-') ? 'down' : 'flat'
    const body = groupDecimal(change.replace('+', ''), locale)
    return { text: `${trend === 'up' ? '+' : ''}${body}%`, trend, pct: change }
  } catch {
    return { text: '--', trend: 'flat', pct: '0.00' }
  }
}

/** A rate (fraction per interval, "0.0001") as a signed percentage with 4 decimals ("0.0100%", "-0.0050%"). */
export function formatFundingRate(rate: string, locale: string): string {
  const pct = toFixedScale(multiply(parseDecimal(rate), parseDecimal('100')), 4, 'half-even')
  return `${groupDecimal(pct, locale)}%`
}

/** Options of `formatMoney`. */
export interface MoneyFormat {
  /** Fewest decimals shown (padded with zeros), default 2. */
  minScale?: number
  /** A "+" before a positive amount (daily income, a credit). */
  signed?: boolean
}

/**
 * `value` exactly, grouped by `locale`, with every decimal it has and at least `minScale`: ("1000", 'en') →
 * "1,000.00", ("0.12345678", 'pt') → "0,12345678", ("-5.5", 'en', { signed: true }) → "-5.50", ("3", 'en',
 * { signed: true }) → "+3.00". For figures whose every digit matters (an order's quantity at its market's step, a
 * ledger entry, an address book's amount); balances, fees and PnL go through `formatAmount`. "--" for text that is
 * not a decimal string. Never passes through a JS number.
 */
export function formatMoney(value: string, locale: string, opts: MoneyFormat = {}): string {
  try {
    const v = parseDecimal(value)
    const text = groupDecimal(toFixedScale(v, Math.max(opts.minScale ?? 2, scaleOf(v)), 'down'), locale)
    return opts.signed && sign(v) > 0 ? `+${text}` : text
  } catch {
    return '--'
  }
}

/** Options of `formatAmount`. */
export interface AmountFormat {
  /**
   * The amount is charged to the user (a fee, the margin or the cost an order would take): rounded up (toward +∞),
   * as the venue rounds a charge. Otherwise it is held or gained (a balance, equity, PnL, income): rounded toward
   * −∞, so a screen never shows a cent the user does not have or a gain not yet paid.
   */
  charge?: boolean
  /** A "+" before a positive amount (PnL, income, a credit). */
  signed?: boolean
}

/**
 * An amount of `currency` at its display scale (common/amount `displayScale`: USDT 2, BTC 8, …), exactly that many
 * decimals, grouped by `locale`: ("2281.196887", 'USDT', 'en') → "2,281.19"; ("7.121362", 'USDT', 'en',
 * { charge: true }) → "7.13"; ("0.237", 'USDT', 'en', { signed: true }) → "+0.23"; ("-0.237", 'USDT', 'en') →
 * "-0.24"; ("0.00498", 'BTC', 'en') → "0.00498000". The currency's name is the caller's to add. "--" for text that
 * is not a decimal string.
 */
export function formatAmount(value: string, currency: string, locale: string, opts: AmountFormat = {}): string {
  try {
    const scale = displayScale(currency)
    const v = round(parseDecimal(value), scale, opts.charge ? 'ceiling' : 'floor')
    const text = groupDecimal(toFixedScale(v, scale, 'down'), locale)
    return opts.signed && sign(v) > 0 ? `+${text}` : text
  } catch {
    return '--'
  }
}

/** −1, 0 or 1 for a decimal string from the server (0 for anything unreadable): picks a gain/loss colour. */
export function trendOf(value: string): -1 | 0 | 1 {
  try {
    return sign(parseDecimal(value))
  } catch {
    return 0
  }
}
