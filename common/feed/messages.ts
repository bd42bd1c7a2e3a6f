/**
 * Message shapes of the HTX public market protocol as our gateway speaks it and our worker parses it
 * (../shared/docs/htx-protocol.md a4–a5). Server→client frames are gzip-compressed JSON; client→server frames are
 * plain JSON text.
 *
 * Numbers: prices and sizes are JSON numbers, as in HTX. The gateway writes each as a decimal literal with at most
 * the market's precision, so `Big(String(x))` (common/decimal `dec`) recovers the exact decimal.
 */

/** `market.$symbol.ticker` tick: rolling 24 h figures. `amount` = base volume, `vol` = quote turnover. */
export interface TickerTick {
  open: number
  high: number
  low: number
  close: number
  amount: number
  vol: number
  count: number
  bid: number
  bidSize: number
  ask: number
  askSize: number
  lastPrice: number
  lastSize: number
}

/** A price level `[price (quote), size (base)]`. */
export type Level = [number, number]

/** `market.$symbol.depth.step0` tick: a full snapshot, bids descending, asks ascending. `ts` ms. */
export interface DepthTick {
  bids: Level[]
  asks: Level[]
  version: number
  ts: number
}

/**
 * `market.$symbol.kline.$period` tick and `req` bar: `id` = bar open time in epoch **seconds**; `amount` base volume,
 * `vol` quote volume, `count` trades. The in-progress bar is re-pushed as it changes: upsert by `id`.
 */
export interface KlineTick {
  id: number
  open: number
  close: number
  low: number
  high: number
  amount: number
  vol: number
  count: number
}

/** One trade of `trade.detail`. `ts` ms; `direction` = taker side; identity is `tradeId` (never the float `id`). */
export interface TradeItem {
  id: number
  ts: number
  tradeId: number
  amount: number
  price: number
  direction: 'buy' | 'sell'
}

/** `market.$symbol.trade.detail` tick. */
export interface TradeDetailTick {
  id: number
  ts: number
  data: TradeItem[]
}

/** Every push: `{ch, ts, tick}` (ts ms). */
export interface PushMessage<T = unknown> {
  ch: string
  ts: number
  tick: T
}

/** Client → server. `freq` (ms) is our extension: throttle this subscriber's pushes on that topic. */
export type ClientMessage =
  | { sub: string; id?: string; freq?: number }
  | { unsub: string; id?: string }
  | { req: string; id?: string; from?: number; to?: number }
  | { ping: number }
  | { pong: number }

/** Acks and replies. `ts` ms. */
export interface SubAck {
  id?: string
  status: 'ok'
  subbed: string
  ts: number
}
export interface UnsubAck {
  id?: string
  status: 'ok'
  unsubbed: string
  ts: number
}
export interface ReqReply<T = unknown> {
  id?: string
  status: 'ok'
  rep: string
  ts: number
  data: T
}
/** Error reply (htx-protocol.md a4); `err-msg` values as documented: "invalid topic …", "not json string" … */
export interface ErrorReply {
  id?: string
  status: 'error'
  'err-code': string
  'err-msg': string
  ts: number
}

/** Server → client. */
export type ServerMessage =
  PushMessage | SubAck | UnsubAck | ReqReply | ErrorReply | { ping: number } | { pong: number }
