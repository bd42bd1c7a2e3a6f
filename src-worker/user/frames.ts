/**
 * Inbound frames of the user stream (common/api/stream.ts, the contract), checked with zod/mini before anything reads
 * them. `decodeUserFrame` never throws: a frame that is not text, too large, not JSON or not of the contract's shape
 * comes back as `{ kind: 'bad', reason }` and is counted by the caller.
 */
import * as z from 'zod/mini'
import { decimalPattern } from '../../common/amount/schema'
import { WALLETS } from '../../common/api/assets'
import {
  NOTICE_EVENTS,
  ORDER_EVENTS,
  POSITION_EVENTS,
  topicOfChannel,
  userChannel,
  type UserEventData,
} from '../../common/api/stream'
import { BOOKS } from '../../common/api/user-info'

/** Largest text frame read, in UTF-16 code units (an order list entry is < 2 KB; 1 MiB leaves room). */
export const MAX_USER_FRAME_CHARS = 1 << 20

const seq = z.number().check(z.int(), z.nonnegative())
const money = z.string().check(z.regex(decimalPattern()))
const symbol = z.string().check(z.regex(/^[a-z0-9]{2,20}$/))
const currency = z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/))
const withId = z.looseObject({ id: z.number().check(z.int()) })

/** `orders#<symbol>` push data. */
export const orderEventSchema = z.object({
  event: z.enum(ORDER_EVENTS),
  kind: z.enum(['spot', 'futures', 'close', 'micro']),
  book: z.enum(BOOKS),
  symbol,
  order: withId,
  seq,
})
/** `positions` push data. */
export const positionEventSchema = z.object({
  event: z.enum(POSITION_EVENTS),
  book: z.enum(BOOKS),
  symbol,
  position: withId,
  close_price: z.optional(money),
  feed_ts: z.optional(z.number()),
  seq,
})
/** `accounts.update` push data. */
export const accountEventSchema = z.object({
  event: z.literal('balance'),
  book: z.enum(BOOKS),
  wallet: z.enum(WALLETS),
  currency,
  available: money,
  frozen: money,
  change_available: money,
  change_frozen: money,
  kind: z.string().check(z.maxLength(64)),
  reference: z.string().check(z.maxLength(200)),
  transaction_id: z.number().check(z.int()),
  seq,
})
/** `notices` push data. */
export const noticeEventSchema = z.object({
  event: z.enum(NOTICE_EVENTS),
  id: z.number().check(z.int()),
  state: z.optional(z.string().check(z.maxLength(64))),
  message: z.optional(z.string().check(z.maxLength(2000))),
  symbol: z.optional(z.string().check(z.maxLength(32))),
  price: z.optional(money),
  last_price: z.optional(money),
  seq,
})

const DATA_BY_TOPIC = {
  orders: orderEventSchema,
  positions: positionEventSchema,
  accounts: accountEventSchema,
  notices: noticeEventSchema,
} as const

const code = z.number().check(z.int())
const message = z.optional(z.string().check(z.maxLength(500)))

/** Server → client frames (StreamServerMessage); a push's `data` is checked against its channel's topic after. */
const serverFrame = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ping'), data: z.object({ ts: z.number() }) }),
  z.object({
    action: z.literal('req'),
    ch: z.literal('auth'),
    code,
    message,
    data: z.optional(z.object({ user_id: z.number().check(z.int()), seq })),
  }),
  z.object({
    action: z.enum(['sub', 'unsub']),
    ch: z.string().check(z.maxLength(64)),
    code,
    message,
    data: z.optional(z.object({ seq })),
  }),
  z.object({ action: z.literal('push'), ch: userChannel, data: z.unknown() }),
  z.object({ action: z.literal('error'), code, message }),
])

/** A decoded inbound frame. */
export type UserFrame =
  | { kind: 'ping'; ts: number }
  | { kind: 'auth'; code: number; message?: string; seq?: number }
  | { kind: 'sub' | 'unsub'; ch: string; code: number; message?: string; seq?: number }
  | { kind: 'push'; ch: string; seq: number; data: UserEventData }
  | { kind: 'error'; code: number; message?: string }
  | { kind: 'bad'; reason: 'binary' | 'oversized' | 'json' | 'shape' }

/** Reads one frame as the socket delivered it (text JSON per the contract). */
export function decodeUserFrame(raw: unknown): UserFrame {
  if (typeof raw !== 'string') return { kind: 'bad', reason: 'binary' }
  if (raw.length > MAX_USER_FRAME_CHARS) return { kind: 'bad', reason: 'oversized' }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { kind: 'bad', reason: 'json' }
  }
  const parsed = z.safeParse(serverFrame, json)
  if (!parsed.success) return { kind: 'bad', reason: 'shape' }
  const f = parsed.data
  switch (f.action) {
    case 'ping':
      return { kind: 'ping', ts: f.data.ts }
    case 'req':
      return { kind: 'auth', code: f.code, message: f.message, seq: f.data?.seq }
    case 'sub':
    case 'unsub':
      return { kind: f.action, ch: f.ch, code: f.code, message: f.message, seq: f.data?.seq }
    case 'error':
      return { kind: 'error', code: f.code, message: f.message }
    case 'push': {
      const data = z.safeParse(DATA_BY_TOPIC[topicOfChannel(f.ch).topic], f.data)
      if (!data.success) return { kind: 'bad', reason: 'shape' }
      return { kind: 'push', ch: f.ch, seq: data.data.seq, data: data.data as UserEventData }
    }
  }
}
