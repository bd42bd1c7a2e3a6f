/**
 * Constants of the product spec (§9) and of the market protocol, shared by the app, the worker and the server.
 * Source: ../shared/spec/product-spec.md §7 and §9 unless a line says otherwise.
 */

/** Default HTTP port of the server (DESIGN §2). */
export const DEFAULT_HTTP_PORT = 8080
/** Port of the market websocket on the page's host (spec §9). */
export const MARKET_PORT = 8292
/** Client ping interval on the market socket, ms (spec §9). */
export const PING_INTERVAL_MS = 3000
/** Ticker push frequency requested on list screens, ms (spec §7 "5000 ms frequency"). */
export const TICKER_FREQ_MS = 5000
/** Base delay before reconnecting the market socket, ms (spec §4 "reconnects after 2 s"). */
export const RECONNECT_DELAY_MS = 2000
/** Cap of the growing reconnect delay under repeated failure, ms (reliability.md W4: "grows to a cap, e.g. 10 s"). */
export const RECONNECT_MAX_DELAY_MS = 10_000
/** Server ping interval of the gateway, ms (htx-protocol.md a3: "about every 5 s"). */
export const SERVER_PING_INTERVAL_MS = 5000
/** Unanswered server pings after which the gateway drops a client (htx-protocol.md a3). */
export const SERVER_PING_MAX_MISSED = 2
/** Most kline bars in one `req` answer (htx-protocol.md a5: "每次最多返回300条"). */
export const KLINE_REQ_MAX_BARS = 300
/** Most trades in one `req` answer on `trade.detail` (htx-protocol.md a5). */
export const TRADE_REQ_MAX = 300
/** API timeout, ms (spec §9). */
export const API_TIMEOUT_MS = 10_000
/** Message toast duration, ms (spec §9). */
export const TOAST_MS = 1500
/** Loading toast duration, ms (spec §9). */
export const LOADING_TOAST_MS = 12_000
/** Default throttle and debounce, ms (spec §9). */
export const DEFAULT_THROTTLE_MS = 600
export const DEFAULT_DEBOUNCE_MS = 500
/** Resize debounce, ms, and the widest layout the rem scaling follows, px (spec §9). */
export const RESIZE_DEBOUNCE_MS = 300
export const MAX_LAYOUT_WIDTH_PX = 540
/** Decimal places of the spec §9 helper rounding (common/decimal SPEC_HELPER_ROUNDING, named at each call). */
export const HELPER_DECIMALS = 6
/** Display date format (spec §9), dayjs tokens. */
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss'

/** Envelope codes (spec §8): 1 success; 401 and 4001 mean "not logged in / session expired". */
export const CODE_OK = 1
export const CODE_UNAUTHORIZED = 401
export const CODE_SESSION_EXPIRED = 4001
/** Envelope code of a rejected input (our choice: spec §8 leaves other codes open). */
export const CODE_BAD_INPUT = 422
/** Envelope code of an unknown object (our choice). */
export const CODE_NOT_FOUND = 404
/** Envelope code of an unexpected server fault (our choice); the message never carries a stack. */
export const CODE_SERVER_ERROR = 500
/** Envelope code of a signed-in caller without the right (operator routes) (our choice). */
export const CODE_FORBIDDEN = 403
/** Envelope code of a rejected business rule: duplicate account, wrong code or password… (our choice). */
export const CODE_REJECTED = 400
/** Envelope code of a rate limit; the answer is HTTP 429 with Retry-After (reliability A1). */
export const CODE_RATE_LIMITED = 429
/**
 * Envelope code of a transient failure (database connection lost, serialization failure, deadlock): nothing was
 * done or its outcome is unknown, and sending the same request again may succeed. HTTP 503 with Retry-After (our
 * choice, as RFC 9110 §15.6.4 describes 503).
 */
export const CODE_RETRY_LATER = 503

/** The ten interface languages (spec §1), BCP 47 tags as used by Lingui catalogs under locales/. */
export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'es', 'hi', 'ko', 'ja', 'pt', 'vi', 'id'] as const
export type Locale = (typeof LOCALES)[number]
/** Default language (spec §9). */
export const DEFAULT_LOCALE: Locale = 'en'

/** Local storage keys of the client state (spec §3). */
export const STORAGE_KEYS = {
  token: 'LOGIN_TOKEN',
  user: 'USERINFO',
  language: 'LANGUAGE_KEY',
  backUrl: 'LOGIN_BACK_URL',
  theme: 'THEME',
  dealSymbol: 'DEAL_SYMBOL',
  system: 'SYSTEM_CONFIG',
  /** Device tokens per account (src/state/device-tokens.ts); kept when signing out. */
  devices: 'LOGIN_DEVICES',
} as const
