/**
 * A fake market engine implementing the worker's `EngineApi` (common/engine-api.ts) for UI tests: no worker, no
 * socket; it records what the UI subscribed to and lets a test push snapshots. Wrap it with `wrapRemote` (src/engine)
 * to get the `EngineClient` the router context carries, exactly as the app wraps the comlink remote.
 */
import type {
  BookSnapshot,
  EngineApi,
  EngineStatus,
  SubscriptionId,
  TickerSnapshot,
  UserApi,
  UserEvent,
  UserSeed,
  UserSnapshot,
  UserStreamState,
} from '../../common/engine-api'

type Callback = (value: never) => void

/** The fake plus what a test inspects or drives. */
export interface FakeEngineApi extends EngineApi {
  /** Live subscriptions by id: kind and the symbol (or '' for status). */
  readonly subscriptions: Map<SubscriptionId, { kind: string; key: string; cb: Callback }>
  /** Sends `snaps` to every ticker subscriber. */
  pushTickers(snaps: TickerSnapshot[]): void
  /** Sends `snap` to the subscribers of its symbol's book. */
  pushBook(snap: BookSnapshot): void
  /** Sends a status (the idle one with `changes` applied) to every status subscriber. */
  pushStatus(changes: Partial<EngineStatus>): void
  user: UserApi
  /** What the UI did with `engine.user`: connects (with the ticket its getTicket gave, once asked), seeds. */
  readonly userLog: {
    connects: number
    disconnects: number
    seeds: UserSeed[]
    getTicket: (() => Promise<string>) | null
  }
  /** Sends a user snapshot (state `state`, default live, with `events`) to every user subscriber. */
  pushUser(state?: UserStreamState, events?: UserEvent[]): void
}

const IDLE: EngineStatus = {
  url: null,
  connected: false,
  lastFrameAt: null,
  reconnects: 0,
  framesPerSec: 0,
  decodeErrors: 0,
  topics: [],
}

/** A user snapshot in state `state` with `events` and nothing held. */
export function userSnap(state: UserStreamState, events: UserEvent[] = []): UserSnapshot {
  const status = {
    state,
    lastSeq: events.at(-1)?.seq ?? null,
    reconnects: 0,
    badFrames: 0,
    duplicates: 0,
    lastError: null,
  }
  return { status, orders: [], positions: [], balances: [], notices: [], events, eventsDropped: 0 }
}

/** A fresh fake engine, disconnected, with no cached tickers. */
export function fakeEngineApi(): FakeEngineApi {
  const subscriptions = new Map<SubscriptionId, { kind: string; key: string; cb: Callback }>()
  let next = 1
  const add = async (kind: string, key: string, cb: Callback): Promise<SubscriptionId> => {
    const id = next++
    subscriptions.set(id, { kind, key, cb })
    return id
  }
  const userLog: FakeEngineApi['userLog'] = { connects: 0, disconnects: 0, seeds: [], getTicket: null }
  const pushUser = (state: UserStreamState = 'live', events: UserEvent[] = []) => {
    for (const s of subscriptions.values())
      if (s.kind === 'user') (s.cb as (v: UserSnapshot) => void)(userSnap(state, events))
  }
  return {
    subscriptions,
    userLog,
    pushUser,
    user: {
      connect: async (getTicket) => {
        userLog.connects++
        userLog.getTicket = getTicket
      },
      disconnect: async () => {
        userLog.disconnects++
        pushUser('idle')
      },
      seed: async (snapshot) => {
        userLog.seeds.push(snapshot)
      },
      subscribe: (cb) => add('user', '', cb),
      unsubscribe: async (id) => void subscriptions.delete(id),
      status: async () => userSnap('idle').status,
    },
    pushTickers: (snaps) => {
      for (const s of subscriptions.values()) if (s.kind === 'tickers') (s.cb as (v: TickerSnapshot[]) => void)(snaps)
    },
    pushBook: (snap) => {
      for (const s of subscriptions.values())
        if (s.kind === 'book' && s.key === snap.symbol) (s.cb as (v: BookSnapshot) => void)(snap)
    },
    pushStatus: (changes) => {
      for (const s of subscriptions.values())
        if (s.kind === 'status') (s.cb as (v: EngineStatus) => void)({ ...IDLE, ...changes })
    },
    connect: async () => undefined,
    close: async () => undefined,
    subscribeTickers: (symbols, cb) => add('tickers', symbols.join(','), cb),
    subscribeBook: (symbol, cb) => add('book', symbol, cb),
    subscribeCandles: (symbol, period, cb) => add('candles', `${symbol}|${period}`, cb),
    subscribeTrades: (symbol, cb) => add('trades', symbol, cb),
    subscribeStatus: (cb) => add('status', '', cb),
    unsubscribe: async (id) => void subscriptions.delete(id),
    loadHistory: async () => [],
    cachedTickers: async () => [],
    status: async () => IDLE,
  }
}
