/**
 * The user stream (issue 22 part 1): an authenticated websocket for the signed-in user, modelled on HTX's v2 private
 * websocket (`action` / `ch` / `data`). Contract kept as the issue writes it (other clients depend on it):
 *
 * - URL `ws://<host>:<MARKET_PORT>/ws/v2` (wss with TLS); text JSON frames.
 * - Server ping `{"action":"ping","data":{"ts":…}}`, answered `{"action":"pong","data":{"ts":…}}`.
 * - Authentication first: `{"action":"req","ch":"auth","params":{"authType":"token","token":"<session token or
 *   ticket>"}}` → `{"action":"req","ch":"auth","code":200}` (or a non-200 `code` and `message`). A ticket comes from
 *   `POST user/ws_ticket` (single use, 30 s); a token never travels in the URL.
 * - `{"action":"sub","ch":"orders#*"}` → `{"action":"sub","ch":"orders#*","code":200,"data":{"seq":<latest>}}`;
 *   `params.from_seq` resumes: what the user missed after that sequence number is pushed first, in order.
 * - A push: `{"action":"push","ch":"orders#btcusdt","data":{…,"seq":n}}`.
 *
 * Every event carries the user's sequence number `seq` (one sequence per user over all topics, gap-free, in commit
 * order). Events are written in the transaction of the change they describe (transactional outbox) and pushed after
 * it commits: a client never sees an event of something that rolled back.
 *
 * Sources: HTX API v2 websocket (https://www.htx.com/en-us/opend/newApiPages/?id=7ec53d8c-7773-11ed-9966-0242ac110003
 * "Websocket authentication", "Subscribe order updates", "Subscribe account change").
 */
import * as z from 'zod/mini'

/** Path of the user stream on the market gateway's port. */
export const USER_STREAM_PATH = '/ws/v2'

/** How far back a resume reaches (ms, 24 h): an older `from_seq` is answered `resync` and the client reloads by REST. */
export const USER_STREAM_RESUME_MS = 24 * 60 * 60 * 1000

/** Lifetime of a `user/ws_ticket` ticket (ms): single use, within 30 s. */
export const WS_TICKET_TTL_MS = 30_000

/** Topics an event is stored under; the channel a client subscribes adds the symbol for `orders`. */
export const USER_TOPICS = ['orders', 'positions', 'accounts', 'notices'] as const
export type UserTopic = (typeof USER_TOPICS)[number]

/** Close codes the server uses (RFC 6455 private range): the client's next step depends on them. */
export const STREAM_CLOSE = {
  /** Not authenticated within the deadline, or the session ended (logout, password change): do not reconnect. */
  unauthorized: 4401,
  /** Too many frames, too many subscriptions or a backlog past the budget: reconnect with backoff. */
  overBudget: 4429,
  /** The server is starting or shutting down: reconnect with backoff. */
  unavailable: 1013,
} as const

/** Codes of `req`/`sub` answers (HTX v2 uses HTTP-like codes). */
export const STREAM_CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  notFound: 404,
  tooMany: 429,
  /** The requested `from_seq` is older than the kept window: reload by REST, then subscribe without it. */
  resync: 410,
} as const

/** `orders#btcusdt`, `orders#*`, `positions`, `accounts.update`, `notices`. */
export const userChannel = z
  .string()
  .check(z.regex(/^(orders#(\*|[a-z0-9]{2,20})|positions|accounts\.update|notices)$/))

/** The topic behind a channel name (`orders#btcusdt` → orders, `accounts.update` → accounts). */
export function topicOfChannel(ch: string): { topic: UserTopic; symbol: string | null } {
  if (ch.startsWith('orders#')) {
    const s = ch.slice('orders#'.length)
    return { topic: 'orders', symbol: s === '*' ? null : s }
  }
  if (ch === 'accounts.update') return { topic: 'accounts', symbol: null }
  return { topic: ch as 'positions' | 'notices', symbol: null }
}

/** The channel an event is pushed on (orders carry their symbol). */
export function channelOfEvent(topic: UserTopic, symbol: string | null): string {
  if (topic === 'orders') return `orders#${symbol ?? '*'}`
  if (topic === 'accounts') return 'accounts.update'
  return topic
}

/** Client → server frames. Anything else is answered with code 400 naming what is wrong. */
export const streamClientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pong'), data: z.object({ ts: z.number() }) }),
  z.object({
    action: z.literal('req'),
    ch: z.literal('auth'),
    params: z.object({
      authType: z.literal('token'),
      token: z.string().check(z.minLength(16), z.maxLength(200)),
    }),
  }),
  z.object({
    action: z.literal('sub'),
    ch: userChannel,
    params: z.optional(z.object({ from_seq: z.optional(z.number().check(z.int(), z.nonnegative())) })),
  }),
  z.object({ action: z.literal('unsub'), ch: userChannel }),
])
export type StreamClientMessage = z.infer<typeof streamClientMessage>

/** Server → client frames. */
export type StreamServerMessage =
  | { action: 'ping'; data: { ts: number } }
  | { action: 'req'; ch: 'auth'; code: number; message?: string; data?: { user_id: number; seq: number } }
  | { action: 'sub' | 'unsub'; ch: string; code: number; message?: string; data?: { seq: number } }
  | { action: 'push'; ch: string; data: UserEventData & { seq: number } }
  | { action: 'error'; code: number; message: string }

/** What happened to an order (spot, futures, reduce-only close, second contract). */
export const ORDER_EVENTS = ['placed', 'partially_filled', 'filled', 'cancelled', 'settled'] as const
export type OrderEventKind = (typeof ORDER_EVENTS)[number]

/** What happened to a futures position. */
export const POSITION_EVENTS = ['opened', 'changed', 'tpsl', 'closed', 'liquidated'] as const
export type PositionEventKind = (typeof POSITION_EVENTS)[number]

/** What a notice is about. */
export const NOTICE_EVENTS = [
  'deposit_reviewed',
  'withdrawal_reviewed',
  'identity_reviewed',
  'feedback_replied',
  'price_alert',
] as const
export type NoticeEventKind = (typeof NOTICE_EVENTS)[number]

/**
 * `orders#<symbol>`: `kind` names the order book it belongs to (`spot`, `futures` an opening order, `close` a
 * reduce-only close order, `micro` a second contract); `book` the account (`live` or `demo`); `order` is the order as
 * its REST list returns it.
 */
export interface OrderEventData {
  event: OrderEventKind
  kind: 'spot' | 'futures' | 'close' | 'micro'
  book: 'live' | 'demo'
  symbol: string
  order: Record<string, unknown>
}

/**
 * `positions`: the position as `contract/positions` returns it (closed ones as `contract/history`); `close_price`
 * and the feed event (`feed_ts`, ms) that closed it when it closed.
 */
export interface PositionEventData {
  event: PositionEventKind
  /** The account (`live` or `demo`). */
  book: 'live' | 'demo'
  symbol: string
  position: Record<string, unknown>
  close_price?: string
  feed_ts?: number
}

/**
 * `accounts.update`: one balance of the user changed. `available`/`frozen` are the balance after the change,
 * `change_available`/`change_frozen` the change; `kind`, `reference` and `transaction_id` name the ledger
 * transaction (its change record).
 */
export interface AccountEventData {
  event: 'balance'
  book: 'live' | 'demo'
  wallet: 'spot' | 'contract' | 'option'
  currency: string
  available: string
  frozen: string
  change_available: string
  change_frozen: string
  kind: string
  reference: string
  transaction_id: number
}

/**
 * `notices`: a review or reply the user waits for, or a fired price alert; `id` is the record's id (deposit,
 * withdrawal, ticket, alert). A `price_alert` carries `symbol`, `state` (its direction, `above` or `below`), `price`
 * (the alert's) and `last_price` (the price that fired it), decimal strings in the quote currency.
 */
export interface NoticeEventData {
  event: NoticeEventKind
  id: number
  state?: string
  message?: string
  symbol?: string
  price?: string
  last_price?: string
}

export type UserEventData = OrderEventData | PositionEventData | AccountEventData | NoticeEventData

/** `POST user/ws_ticket` data: a single-use ticket for the stream's `auth`, valid `expires_in` seconds. */
export const wsTicketSchema = z.object({
  ticket: z.string(),
  /** Seconds (30). */
  expires_in: z.number(),
})
export type WsTicket = z.infer<typeof wsTicketSchema>
