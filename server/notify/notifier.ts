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
 * at most `concurrency` at once and `perUser` for one user, users taking turns, with at most `maxQueued` events
 * waiting (beyond it the user with the most waiting loses its oldest, counted): a burst must not hold the relay,
 * grow memory without bound or delay another account's liquidation. The demo book is never pushed.
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
import { pushDevices, sendPush, vapidPair, wantsPush, type PushDevice, type VapidPair } from './push'

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

/**
 * The notification `ev` calls for, or null (most events call for none). Nothing of the demo book is pushed: demo
 * money is free, so its fills would be a free way to flood the push queue.
 */
export function draftOf(ev: UserEvent, pairOf: PairName): NotificationDraft | null {
  if ((ev.data as { book?: string }).book === 'demo') return null
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
  /** Of those, at most this many for one user (default 2): one account's slow devices cannot hold every slot. */
  perUser?: number
  /** Events waiting to be pushed (default 10 000); beyond it the user with the most waiting loses its oldest. */
  maxQueued?: number
  /** Retries of a push the push service answered 429/5xx (default 2), each after its Retry-After. */
  retries?: number
}

/** The running notifier. */
export interface Notifier {
  /** Takes published events (those that call for a notification are queued). */
  handle(events: readonly UserEvent[]): void
  /** Resolves when nothing waits, is in flight or is to be retried (tests, shutdown). */
  idle(): Promise<void>
  /** Counts since start: pushes per outcome (retried ones once, at their end), and events dropped by the bound. */
  stats(): Record<'sent' | 'gone' | 'failed' | 'dropped', number>
  stop(): Promise<void>
}

/**
 * Starts a notifier (no timers but retries). Users take turns: each event waits in its user's queue, and the next
 * push goes to the user after the last one served, so one account's flood or its devices that never answer delay
 * no one else's liquidation. A user's devices are pushed in parallel.
 */
export function startNotifier(opts: NotifierOptions): Notifier {
  const { db } = opts
  const log = opts.log ?? ((line: string) => console.log(line))
  const concurrency = opts.concurrency ?? 8
  const perUser = opts.perUser ?? 2
  const maxQueued = opts.maxQueued ?? 10_000
  const retries = opts.retries ?? 2
  const pairs = new Map<string, string>()
  const pairOf: PairName = (symbol) => {
    if (pairs.size === 0) for (const l of opts.market.listings()) pairs.set(l.symbol, `${l.base}/${l.quote}`)
    return pairs.get(symbol) ?? symbol.toUpperCase()
  }
  /** Waiting drafts per user, in the users' arrival order (Map order: the turn). */
  const queues = new Map<number, NotificationDraft[]>()
  const inFlight = new Map<number, number>()
  let queued = 0
  const counts = { sent: 0, gone: 0, failed: 0, dropped: 0 }
  let running = 0
  let stopped = false
  let vapid: Promise<VapidPair> | undefined
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let waiters: (() => void)[] = []

  const wake = (): void => {
    if (running === 0 && queued === 0 && timers.size === 0) {
      const w = waiters
      waiters = []
      for (const f of w) f()
    }
  }
  const keys = async (): Promise<VapidPair> => {
    vapid ??= vapidPair(db, opts.push).catch((err: unknown) => {
      vapid = undefined // a failed read is tried again at the next push
      throw err
    })
    return vapid
  }
  const pushTo = async (device: PushDevice, draft: NotificationDraft, attempt: number): Promise<void> => {
    const outcome = await sendPush(db, device, payloadOf(draft, device.lang), {
      ...(await keys()),
      subject: opts.push.subject,
    })
    if (typeof outcome === 'string') {
      counts[outcome]++
      return
    }
    if (attempt >= retries || stopped) {
      counts.failed++
      return
    }
    const timer = setTimeout(() => {
      timers.delete(timer)
      void pushTo(device, draft, attempt + 1)
        .catch((err: unknown) => log(`[push] retry: ${err instanceof Error ? err.message : String(err)}`))
        .finally(wake)
    }, outcome.retryAfterMs)
    timer.unref()
    timers.add(timer)
  }
  const deliver = async (userId: number, draft: NotificationDraft): Promise<void> => {
    if (!(await wantsPush(db, userId, draft.kind))) return
    const devices = await pushDevices(db, userId)
    await Promise.all(devices.map((d) => pushTo(d, draft, 0)))
  }
  /** The next user whose turn it is and who may have one more push in flight. */
  const nextUser = (): number | undefined => {
    for (const [userId, list] of queues) {
      if (list.length > 0 && (inFlight.get(userId) ?? 0) < perUser) return userId
    }
    return undefined
  }
  const pump = (): void => {
    while (!stopped && running < concurrency) {
      const userId = nextUser()
      if (userId === undefined) return
      const list = queues.get(userId)!
      const draft = list.shift()!
      queued--
      // Served: to the back of the turn.
      queues.delete(userId)
      if (list.length > 0) queues.set(userId, list)
      running++
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1)
      deliver(userId, draft)
        .catch((err: unknown) => {
          counts.failed++
          log(`[push] user ${userId}: ${err instanceof Error ? err.message : String(err)}`)
        })
        .finally(() => {
          running--
          const n = (inFlight.get(userId) ?? 1) - 1
          if (n > 0) inFlight.set(userId, n)
          else inFlight.delete(userId)
          pump()
          wake()
        })
    }
  }
  /** Drops the oldest waiting event of the user with the most waiting. */
  const dropOne = (): void => {
    let worst: NotificationDraft[] | undefined
    for (const list of queues.values()) if (!worst || list.length > worst.length) worst = list
    if (worst && worst.length > 0) {
      worst.shift()
      queued--
      counts.dropped++
    }
  }
  return {
    handle(events) {
      if (stopped) return
      for (const ev of events) {
        const draft = draftOf(ev, pairOf)
        if (!draft) continue
        const list = queues.get(ev.userId)
        if (list) list.push(draft)
        else queues.set(ev.userId, [draft])
        queued++
        if (queued > maxQueued) dropOne()
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
      queues.clear()
      queued = 0
      for (const t of timers) clearTimeout(t)
      timers.clear()
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        wake()
      })
    },
  }
}
