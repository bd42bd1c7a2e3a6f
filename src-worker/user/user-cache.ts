/**
 * The signed-in user's state in the worker (issue 22 part 2): open orders, open positions, balances and the newest
 * notices, changed by user-stream events and loaded from REST snapshots (`seed`). In memory only: nothing is persisted,
 * `clear` forgets it all (logout). Events carry each entity's whole state after the change, so applying them again in
 * order converges on the same state; `seed` relies on that to replay what raced its REST read.
 */
import type { AccountEventData, OrderEventData, PositionEventData, UserEventData } from '../../common/api/stream'
import type {
  UserBalance,
  UserEvent,
  UserNotice,
  UserOrder,
  UserOrderKind,
  UserPosition,
  UserSeed,
} from '../../common/engine-api'

/** Notices kept, newest first. */
export const NOTICES_KEPT = 50
/** Applied events listed for the devtools inspector (`engine.user.recent`). */
export const RECENT_KEPT = 50

/** An applied event as the inspector lists it: `at` is when it was received (epoch ms, the device's clock). */
export interface RecentEvent {
  seq: number
  ch: string
  event: string
  at: number
}

/** Events kept for replay after a seed (a REST read takes well under this many events). */
export const REPLAY_KEPT = 1000

const ORDER_GONE = new Set<OrderEventData['event']>(['filled', 'cancelled', 'settled'])
const POSITION_GONE = new Set<PositionEventData['event']>(['closed', 'liquidated'])

const orderKey = (kind: UserOrderKind, id: number) => `${kind}:${id}`
const balanceKey = (b: { book: string; wallet: string; currency: string }) => `${b.book}:${b.wallet}:${b.currency}`

const isOrder = (d: UserEventData): d is OrderEventData => 'order' in d
const isPosition = (d: UserEventData): d is PositionEventData => 'position' in d
const isBalance = (d: UserEventData): d is AccountEventData => d.event === 'balance'

export class UserCache {
  private readonly orders = new Map<string, UserOrder>()
  private readonly positions = new Map<number, UserPosition>()
  private readonly balances = new Map<string, UserBalance>()
  private notices: UserNotice[] = []
  /** Events applied since the last seed, oldest first (bounded), for replay on the next seed. */
  private replay: UserEvent[] = []
  /** The last RECENT_KEPT applied events in the order applied: sequence number, channel, event, receipt (epoch ms). */
  private recentApplied: RecentEvent[] = []

  /** Applies one event (already checked, de-duplicated and put in sequence order by the stream). */
  apply(ev: UserEvent): void {
    this.recentApplied.push({ seq: ev.seq, ch: ev.ch, event: ev.data.event, at: ev.receivedAt })
    if (this.recentApplied.length > RECENT_KEPT) this.recentApplied.shift()
    this.replay.push(ev)
    if (this.replay.length > REPLAY_KEPT) this.replay.splice(0, this.replay.length - REPLAY_KEPT)
    this.applyData(ev)
  }

  /** Replaces the parts `s` gives (orders per kind), then applies again the events seen since the previous seed. */
  seed(s: UserSeed): void {
    if (s.orders) {
      for (const [kind, list] of Object.entries(s.orders) as [UserOrderKind, Record<string, unknown>[]][]) {
        for (const [k, o] of this.orders) if (o.kind === kind) this.orders.delete(k)
        for (const order of list) {
          const id = order.id as number
          this.orders.set(orderKey(kind, id), {
            kind,
            id,
            symbol: order.symbol as string,
            order,
            event: 'seeded',
            seq: null,
          })
        }
      }
    }
    if (s.positions) {
      this.positions.clear()
      for (const position of s.positions) {
        const id = position.id as number
        this.positions.set(id, { id, symbol: position.symbol as string, position, event: 'seeded', seq: null })
      }
    }
    if (s.balances) {
      this.balances.clear()
      for (const b of s.balances) this.balances.set(balanceKey(b), { ...b, seq: null })
    }
    for (const ev of this.replay) {
      const d = ev.data
      if ((isOrder(d) && s.orders?.[d.kind]) || (isPosition(d) && s.positions) || (isBalance(d) && s.balances))
        this.applyData(ev)
    }
    this.replay = []
  }

  /**
   * A resume failed (resync): events seen before it must not be replayed on the coming seed, since the events that
   * superseded them were never received.
   */
  forgetReplay(): void {
    this.replay = []
  }

  /** Forgets everything (logout). */
  clear(): void {
    this.orders.clear()
    this.positions.clear()
    this.balances.clear()
    this.notices = []
    this.replay = []
    this.recentApplied = []
  }

  /** The last RECENT_KEPT applied events, oldest first (copies): what the inspector shows as `recent`. */
  recent(): RecentEvent[] {
    return this.recentApplied.map((e) => ({ ...e }))
  }

  /** Plain copies, structured-clone safe: orders and positions by ascending id, balances by key. */
  view(): { orders: UserOrder[]; positions: UserPosition[]; balances: UserBalance[]; notices: UserNotice[] } {
    return {
      orders: [...this.orders.values()].sort((a, b) => a.id - b.id || a.kind.localeCompare(b.kind)),
      positions: [...this.positions.values()].sort((a, b) => a.id - b.id),
      balances: [...this.balances.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v),
      notices: [...this.notices],
    }
  }

  /** Counts for the devtools inspector. */
  sizes(): { orders: number; positions: number; balances: number; notices: number; replay: number } {
    return {
      orders: this.orders.size,
      positions: this.positions.size,
      balances: this.balances.size,
      notices: this.notices.length,
      replay: this.replay.length,
    }
  }

  private applyData(ev: UserEvent): void {
    const d = ev.data
    if (isOrder(d)) {
      const id = d.order.id as number
      const key = orderKey(d.kind, id)
      if (ORDER_GONE.has(d.event)) this.orders.delete(key)
      else this.orders.set(key, { kind: d.kind, id, symbol: d.symbol, order: d.order, event: d.event, seq: ev.seq })
    } else if (isPosition(d)) {
      const id = d.position.id as number
      if (POSITION_GONE.has(d.event)) this.positions.delete(id)
      else this.positions.set(id, { id, symbol: d.symbol, position: d.position, event: d.event, seq: ev.seq })
    } else if (isBalance(d)) {
      const { book, wallet, currency, available, frozen } = d
      this.balances.set(balanceKey(d), { book, wallet, currency, available, frozen, seq: ev.seq })
    } else {
      this.notices.unshift({ ...d, seq: ev.seq, receivedAt: ev.receivedAt })
      if (this.notices.length > NOTICES_KEPT) this.notices.length = NOTICES_KEPT
    }
  }
}
