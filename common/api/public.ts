/**
 * Schemas of the public calls (spec §7), shared by the server (validation, OpenAPI) and the app (parsing answers).
 * Paths are relative to `/api/`. Written with zod/mini (tree-shakable functions) so the app ships a few KB of it
 * rather than all of zod; the server reads the same schemas through zod's core functions.
 */
import * as z from 'zod/mini'
import { LOCALES } from '../constants'
import { MARKET_CATEGORIES } from '../market'
import { queryIdSchema } from './ids'

/** Where prices come from: `htx` live relay, `replay` recorded data, `sim` synthetic. Only `htx` is live. */
export const MARKET_SOURCE_KINDS = ['htx', 'replay', 'sim'] as const
export type MarketSourceKind = (typeof MARKET_SOURCE_KINDS)[number]

/** Parts of a market's feed: 1min candles, the 24 h ticker, trades, the order book. */
export const FEED_PARTS = ['candles', 'ticker', 'trades', 'book'] as const
export type FeedPart = (typeof FEED_PARTS)[number]

/**
 * How a replayed market's feed is made: the parts played as recorded and the parts the source derives (from the
 * candles). A part in both lists is recorded for some stretches (a capture's minutes) and derived elsewhere; a part in
 * neither is not sent (forex quote files have no trades).
 */
export const feedMakeupSchema = z.object({
  symbol: z.string(),
  recorded: z.array(z.enum(FEED_PARTS)),
  derived: z.array(z.enum(FEED_PARTS)),
})
export type FeedMakeup = z.infer<typeof feedMakeupSchema>

/** GET common/config. `web_maintain` 1 = maintenance off (spec §3). `server_time` epoch ms. */
export const configSchema = z.object({
  web_maintain: z.int(),
  customer_url: z.string(),
  site_name: z.string(),
  market_source: z.enum(MARKET_SOURCE_KINDS),
  /** True only when prices are live exchange prices; the UI shows a badge whenever this is false. */
  market_live: z.boolean(),
  /** Human detail of the source, e.g. the replayed folder; not translated. */
  market_source_detail: z.string(),
  /**
   * True when MARKET_SOURCE=auto could not reach the live relay and runs the simulator instead: the prices are
   * simulated, not live (the operator's log says so at error level).
   */
  market_fallback: z._default(z.boolean(), false),
  /**
   * Orders of the live book are accepted: the feed is the live relay, or the operator allows live trading on this test
   * feed (LIVE_TRADING_ON_TEST_FEED=1). False: live-book orders are refused ("Trading is paused: prices are not
   * live"); the demo book trades on any feed.
   */
  live_trading: z._default(z.boolean(), true),
  /** Per market, what of a replayed feed is recorded and what derived; empty for the live relay and the sim. */
  market_feed: z._default(z.array(feedMakeupSchema), []),
  market_port: z.int(),
  server_time: z.int(),
  /** Registration needs an invitation code (operator setting `invite_required`). */
  invite_required: z._default(z.boolean(), false),
})
export type Config = z.infer<typeof configSchema>

/** GET common/get_lang: list of `{label, value, key}`. */
export const languageItemSchema = z.object({ label: z.string(), value: z.enum(LOCALES), key: z.string() })

/** GET area_code/get_area_code: every country calling code, names in the request's language. */
export const areaCodeItemSchema = z.object({
  /** Country name in the Accept-Language of the request. */
  name: z.string(),
  /** Calling code without "+", e.g. "86", "1". */
  area_code: z.string(),
  /** ISO 3166-1 alpha-2, e.g. "CN". */
  iso: z.string(),
})
export type AreaCodeItem = z.infer<typeof areaCodeItemSchema>

/** GET common/get_announcement query: 1-based page; `limit` 1–50 (default 10). */
export const announcementListQuery = z.object({
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 10),
})
export type AnnouncementListQuery = z.infer<typeof announcementListQuery>

/** An announcement in a list: dates are `YYYY-MM-DD HH:mm:ss` UTC. */
export const announcementItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  created_at: z.string(),
})
export const announcementListSchema = z.object({
  list: z.array(announcementItemSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})
export type AnnouncementList = z.infer<typeof announcementListSchema>

/** GET common/get_announcement_info query. */
export const announcementInfoQuery = z.object({ id: queryIdSchema })
/** Detail: `content` is Markdown (plain paragraphs split by blank lines are valid Markdown), sanitized by the app. */
export const announcementInfoSchema = z.extend(announcementItemSchema, { content: z.string() })
export type AnnouncementInfo = z.infer<typeof announcementInfoSchema>

/** GET currency/currency_list query: optional category filter. */
export const currencyListQuery = z.object({ category: z.optional(z.enum(MARKET_CATEGORIES)) })

export const marketItemSchema = z.object({
  currency_id: z.int(),
  currency_name: z.string(),
  legal_name: z.string(),
  logo: z.string(),
  matches_id: z.int(),
  market_from: z.int(),
  symbol: z.string(),
  extends: z.string(),
  category: z.enum(MARKET_CATEGORIES),
  price_precision: z.int(),
  amount_precision: z.int(),
  tradable: z.object({ spot: z.boolean(), contract: z.boolean(), option: z.boolean() }),
  popular: z.boolean(),
  sort: z.int(),
})
