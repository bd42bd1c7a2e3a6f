/**
 * The financial products' clock: the real time, plus — for end-to-end tests only — an offset an operator can move
 * forward (`npm run admin -- clock advance 1d`) so that a day of income falls due without waiting a day. The offset is
 * the `clock_offset_ms` settings row; a process honours it only when it runs with CLOCK_CONTROL=1 (default off), and
 * only this feature (subscribing, income, expiry, early redemption) and the perpetuals' funding times
 * (server/trading/contract/funding-sampler.ts) read it: every other clock of the server is untouched. A process that allows it says so in the `clock_control` row at start, which the CLI checks.
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { settings } from '../../db/schema'

/** Settings row of the offset, ms (a whole number, never negative). */
export const CLOCK_OFFSET_KEY = 'clock_offset_ms'
/** Settings row saying whether the server last started allows clock control ('1') or not ('0'). */
export const CLOCK_CONTROL_KEY = 'clock_control'

/** A day, ms: income falls due at bought_at + k days (wall-clock days in UTC, no leap seconds). */
export const DAY_MS = 86_400_000

/** True when the environment allows clock control (`CLOCK_CONTROL=1`). */
export function clockControlAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CLOCK_CONTROL === '1'
}

async function readRow(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return row?.value
}

async function writeRow(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } })
}

/** The stored offset, ms (0 when none). */
export async function readClockOffset(db: Db): Promise<number> {
  const value = Number(await readRow(db, CLOCK_OFFSET_KEY))
  return Number.isSafeInteger(value) && value > 0 ? value : 0
}

/**
 * A clock for the financial products: real time plus the stored offset when `allowed` (default: this process's
 * CLOCK_CONTROL), else real time. One settings read per call.
 */
export function earnClock(db: Db, allowed = clockControlAllowed()): () => Promise<Date> {
  return async () => new Date(Date.now() + (allowed ? await readClockOffset(db) : 0))
}

/** Records whether this server allows clock control (called once at start by the accrual job). */
export async function markClockControl(db: Db, allowed: boolean): Promise<void> {
  await writeRow(db, CLOCK_CONTROL_KEY, allowed ? '1' : '0')
}

/**
 * Moves the clock forward by `ms` (0 resets it when `reset`). Answers the new offset, ms.
 * @throws Error when the server does not allow clock control (it started without CLOCK_CONTROL=1).
 */
export async function advanceClock(db: Db, ms: number, { reset = false }: { reset?: boolean } = {}): Promise<number> {
  if ((await readRow(db, CLOCK_CONTROL_KEY)) !== '1') {
    throw new Error('the server does not allow clock control: start it with CLOCK_CONTROL=1 (for tests only)')
  }
  const next = reset ? 0 : (await readClockOffset(db)) + ms
  await writeRow(db, CLOCK_OFFSET_KEY, String(next))
  return next
}

const UNITS: Readonly<Record<string, number>> = { d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000 }

/**
 * A duration as an operator types it: one or more `<number><unit>` with units d, h, m, s (`1d`, `12h`, `1d6h`,
 * `90s`); answers ms, or undefined when it is not one.
 */
export function parseDuration(text: string): number | undefined {
  if (!/^(\d{1,6}[dhms])+$/.test(text)) return undefined
  let ms = 0
  for (const [, n, unit] of text.matchAll(/(\d+)([dhms])/g)) ms += Number(n) * UNITS[unit!]!
  return ms > 0 ? ms : undefined
}
