/**
 * The market engine as the page's worker holds it (`self.engine`, src-worker/inspector.ts): what a developer reads in
 * DevTools, read here to check what the screen is drawn from.
 */
import { expect, type Page, type Worker } from '@playwright/test'

/** The `market-engine` worker of `page` (waits until it has started). */
export async function engineWorker(page: Page): Promise<Worker> {
  let found: Worker | undefined
  await expect
    .poll(
      async () => {
        for (const w of page.workers()) {
          if (await w.evaluate(() => 'engine' in self).catch(() => false)) found = w
        }
        return found !== undefined
      },
      { message: 'the market engine worker has started' },
    )
    .toBe(true)
  return found!
}

/** A candle as the engine caches it: `id` = open time, epoch seconds. */
export interface EngineBar {
  id: number
  open: number
  close: number
}

/** The last bars the engine holds per period for `symbol` (`engine.show(symbol).candles`). */
export async function engineCandles(page: Page, symbol: string): Promise<Record<string, EngineBar[]>> {
  const worker = await engineWorker(page)
  return worker.evaluate(
    (s) =>
      (self as unknown as { engine: { show(s: string): { candles: Record<string, EngineBar[]> } } }).engine.show(s)
        .candles,
    symbol,
  )
}

/** How many bars the engine holds for `symbol` and `period` (`engine.caches.candles`; 0 before any). */
export async function engineCandleCount(page: Page, symbol: string, period: string): Promise<number> {
  const worker = await engineWorker(page)
  return worker.evaluate(
    (key) =>
      (self as unknown as { engine: { caches: { candles: Record<string, { bars: number }> } } }).engine.caches.candles[
        key
      ]?.bars ?? 0,
    `${symbol} ${period}`,
  )
}

/** Feed topics the engine is subscribed to (`engine.topics`). */
export async function engineTopics(page: Page): Promise<string[]> {
  const worker = await engineWorker(page)
  return worker.evaluate(() =>
    Object.keys((self as unknown as { engine: { topics: Record<string, number> } }).engine.topics),
  )
}

/** An event the page's user stream applied (`engine.user.recent`): `at` when received, epoch ms. */
export interface AppliedEvent {
  seq: number
  ch: string
  event: string
  at: number
}

/** The user stream as the page's worker holds it (`engine.user`, src-worker/inspector.ts). */
export interface UserStreamView {
  status: { state: string; lastSeq: number | null; reconnects: number; duplicates: number }
  holesSkipped: number
  recent: AppliedEvent[]
  orders: { id: number; event: string }[]
  balances: { currency: string; available: string; frozen: string; seq: number | null }[]
}

/** `engine.user` of `page`'s worker. */
export async function userStreamOf(page: Page): Promise<UserStreamView> {
  const worker = await engineWorker(page)
  return worker.evaluate(() => (self as unknown as { engine: { user: UserStreamView } }).engine.user)
}

/**
 * The requests (epoch ms) among `reads` that no user-stream event explains: sent more than `withinMs` after every
 * event the page applied before them. A screen that polls sends them; one driven by the stream does not.
 */
export function readsWithoutEvent(
  reads: readonly number[],
  applied: readonly AppliedEvent[],
  withinMs = 1500,
): number[] {
  return reads.filter((t) => !applied.some((e) => e.at <= t && t - e.at <= withinMs))
}
