/**
 * From user events to Web Push notifications (issue 24 part 6). The relay hands every event it published to
 * `Notifier.handle` (server/stream/relay.ts `onPublished`): each event is published by one relay, so each is pushed
 * once (twice only when a relay dies between publishing and marking; the notification's `tag` makes the device show
 * it once). What is pushed, and where a tap leads:
 *
 * | event                                                     | kind             | opens                |
 * |-----------------------------------------------------------|------------------|----------------------|
 * | notices `price_alert`                                     | price_alert      | /kline?symbol=…      |
 * | orders `filled`/`partially_filled` (spot, futures)        | order_filled     | /trade, /lever       |
 * | positions `closed` by take_profit/stop_loss               | tpsl             | /lever               |
 * | positions `liquidated`                                    | liquidation      | /lever               |
 * | orders `settled` (micro: won, lost, draw)                 | contract_settled | /micro               |
 * | accounts `balance` of kind `deposit`, live, credited (>0) | deposit          | /deposit-record      |
 * | notices `deposit_reviewed` rejected                       | deposit          | /deposit-record      |
 * | notices `withdrawal_reviewed`                             | withdrawal       | /withdrawal-record   |
 *
 * Texts are written in each device's language (server/content/messages/notify.ts). Sending runs in the background,
 * at most `concurrency` at once, with at most `maxQueued` events waiting (beyond it the oldest are dropped and
 * counted: a burst of fills must not hold the relay or grow memory without bound).
 */
import { displayScale, parseDecimal, sign, toFixedScale, type DecimalString } from '../../common/amount'
import type { NotifyKind, PushPayload } from '../../common/api/notify'
import type { AccountEventData, NoticeEventData, OrderEventData, PositionEventData } from '../../common/api/stream'
import type { Locale } from '../../common/constants'
import type { ServerConfig } from '../config'
import type { ServerMessageKey } from '../content/server-messages'
import type { Db } from '../db/client'
import { fillMessage } from '../domain/message'
import type { MarketService } from '../market/types'
import type { UserEvent } from '../stream/events'
import { pushDevices, sendPush, vapidPair, wantsPush, type PushOutcome, type VapidPair } from './push'

/** One notification before it is written in a language: message keys and their values. */
export interface NotificationDraft {
  kind: NotifyKind
  title: ServerMessageKey
  body: ServerMessageKey
  vars: Record<string, string>
  url: string
  tag: string
}

/** `btcusdt` → `BTC/USDT` from the market's listing, else the symbol in capitals. */
export type PairName = (symbol: string) => string

function orderDraft(ev: UserEvent, d: OrderEventData, pair: string): NotificationDraft | null {
  const tag = `orders:${ev.userId}:${ev.seq}`
  if (d.kind === 'micro') {
    if (d.event !== 'settled') return null
    const title: ServerMessageKey | null =
      d.order.status === 'won'
        ? 'pushOptionWon'
        : d.order.status === 'lost'
          ? 'pushOptionLost'
          : d.order.status === 'draw'
            ? 'pushOptionDraw'
            : null
    if (!title) return null
    return { kind: 'contract_settled', title, body: 'pushOpenToSee', vars: { pair }, url: '/micro', tag }
  }
  if (d.kind !== 'spot' && d.kind !== 'futures') return null
  if (d.event !== 'filled' && d.event !== 'partially_filled') return null
  return {
    kind: 'order_filled',
    title: d.event === 'filled' ? 'pushOrderFilled' : 'pushOrderPartlyFilled',
    body: 'pushOpenToSee',
    vars: { pair },
    url: d.kind === 'spot' ? '/trade' : '/lever',
    tag,
  }
}

function positionDraft(ev: UserEvent, d: PositionEventData, pair: string): NotificationDraft | null {
  const tag = `positions:${ev.userId}:${ev.seq}`
  if (d.event === 'liquidated') {
    return { kind: 'liquidation', title: 'pushLiquidated', body: 'pushOpenToSee', vars: { pair }, url: '/lever', tag }
  }
  if (d.event !== 'closed') return null
  const reason = d.position.close_reason
  if (reason !== 'take_profit' && reason !== 'stop_loss') return null
  const title = reason === 'take_profit' ? 'pushTakeProfit' : 'pushStopLoss'
  return { kind: 'tpsl', title, body: 'pushOpenToSee', vars: { pair }, url: '/lever', tag }
}

function noticeDraft(ev: UserEvent, d: NoticeEventData, pairOf: PairName): NotificationDraft | null {
  const tag = `notices:${ev.userId}:${ev.seq}`
  if (d.event === 'price_alert' && d.symbol && d.price && d.last_price) {
    return {
      kind: 'price_alert',
      title: d.state === 'below' ? 'pushAlertFell' : 'pushAlertRose',
      body: 'pushAlertBody',
      vars: { pair: pairOf(d.symbol), price: d.price, last: d.last_price },
      url: `/kline?symbol=${encodeURIComponent(d.symbol)}`,
      tag,
    }
  }
  if (d.event === 'deposit_reviewed' && d.state === 'rejected') {
    return {
      kind: 'deposit',
      title: 'pushDepositRejected',
      body: 'pushOpenToSee',
      vars: {},
      url: '/deposit-record',
      tag,
    }
  }
  if (d.event === 'withdrawal_reviewed') {
    const title: ServerMessageKey | null =
      d.state === 'approved'
        ? 'pushWithdrawalApproved'
        : d.state === 'sending'
          ? 'pushWithdrawalSending'
          : d.state === 'paid'
            ? 'pushWithdrawalPaid'
            : d.state === 'rejected'
              ? 'pushWithdrawalRejected'
              : d.state === 'failed'
                ? 'pushWithdrawalFailed'
                : null
    if (!title) return null
    return { kind: 'withdrawal', title, body: 'pushOpenToSee', vars: {}, url: '/withdrawal-record', tag }
  }
  return null
}

function depositDraft(ev: UserEvent, d: AccountEventData): NotificationDraft | null {
  if (d.kind !== 'deposit' || d.book !== 'live') return null
  const credited = parseDecimal(d.change_available)
  if (sign(credited) <= 0) return null
  const amount: DecimalString = toFixedScale(credited, displayScale(d.currency), 'floor')
  return {
    kind: 'deposit',
    title: 'pushDepositCredited',
    body: 'pushAmount',
    vars: { amount, currency: d.currency },
    url: '/deposit-record',
    tag: `accounts:${ev.userId}:${ev.seq}`,
  }
}

/** The notification `ev` calls for, or null (most events call for none). */
export function draftOf(ev: UserEvent, pairOf: PairName): NotificationDraft | null {
  switch (ev.topic) {
    case 'orders':
      return orderDraft(ev, ev.data as OrderEventData, pairOf((ev.data as OrderEventData).symbol))
    case 'positions':
      return positionDraft(ev, ev.data as PositionEventData, pairOf((ev.data as PositionEventData).symbol))
    case 'notices':
      return noticeDraft(ev, ev.data as NoticeEventData, pairOf)
    case 'accounts':
      return depositDraft(ev, ev.data as AccountEventData)
    default:
      return null
  }
}

/** `draft` written in `lang`: the JSON a push carries. */
export function payloadOf(draft: NotificationDraft, lang: Locale): PushPayload {
  return {
    title: fillMessage(lang, draft.title, draft.vars),
    body: fillMessage(lang, draft.body, draft.vars),
    url: draft.url,
    tag: draft.tag,
    kind: draft.kind,
  }
}

export interface NotifierOptions {
  db: Db
  market: Pick<MarketService, 'listings'>
  push: ServerConfig['push']
  log?: (line: string) => void
  /** Pushes in flight at once (default 8). */
  concurrency?: number
  /** Events waiting to be pushed (default 10 000); beyond it the oldest are dropped. */
  maxQueued?: number
}

/** The running notifier. */
export interface Notifier {
  /** Takes published events (those that call for a notification are queued). */
  handle(events: readonly UserEvent[]): void
  /** Resolves when the queue is empty and nothing is in flight (tests, shutdown). */
  idle(): Promise<void>
  /** Counts since start: pushes per outcome, and events dropped by the queue's bound. */
  stats(): Record<PushOutcome | 'dropped', number>
  stop(): Promise<void>
}

/** Starts a notifier (no timers: it works only when handed events). */
export function startNotifier(opts: NotifierOptions): Notifier {
  const { db } = opts
  const log = opts.log ?? ((line: string) => console.log(line))
  const concurrency = opts.concurrency ?? 8
  const maxQueued = opts.maxQueued ?? 10_000
  const pairs = new Map<string, string>()
  const pairOf: PairName = (symbol) => {
    if (pairs.size === 0) for (const l of opts.market.listings()) pairs.set(l.symbol, `${l.base}/${l.quote}`)
    return pairs.get(symbol) ?? symbol.toUpperCase()
  }
  const queue: { userId: number; draft: NotificationDraft }[] = []
  const counts: Record<PushOutcome | 'dropped', number> = { sent: 0, gone: 0, failed: 0, dropped: 0 }
  let running = 0
  let stopped = false
  let vapid: Promise<VapidPair> | undefined
  let waiters: (() => void)[] = []

  const wake = (): void => {
    if (running === 0 && queue.length === 0) {
      const w = waiters
      waiters = []
      for (const f of w) f()
    }
  }
  const deliver = async (userId: number, draft: NotificationDraft): Promise<void> => {
    if (!(await wantsPush(db, userId, draft.kind))) return
    const devices = await pushDevices(db, userId)
    if (devices.length === 0) return
    vapid ??= vapidPair(db, opts.push)
    const keys = { ...(await vapid), subject: opts.push.subject }
    for (const device of devices) counts[await sendPush(db, device, payloadOf(draft, device.lang), keys)]++
  }
  const pump = (): void => {
    while (!stopped && running < concurrency && queue.length > 0) {
      const next = queue.shift()!
      running++
      deliver(next.userId, next.draft)
        .catch((err: unknown) => {
          counts.failed++
          log(`[push] user ${next.userId}: ${err instanceof Error ? err.message : String(err)}`)
        })
        .finally(() => {
          running--
          pump()
          wake()
        })
    }
  }
  return {
    handle(events) {
      if (stopped) return
      for (const ev of events) {
        const draft = draftOf(ev, pairOf)
        if (!draft) continue
        queue.push({ userId: ev.userId, draft })
        if (queue.length > maxQueued) {
          queue.shift()
          counts.dropped++
        }
      }
      pump()
    },
    idle: () =>
      new Promise<void>((resolve) => {
        waiters.push(resolve)
        wake()
      }),
    stats: () => ({ ...counts }),
    async stop() {
      stopped = true
      queue.length = 0
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        wake()
      })
    },
  }
}
