/**
 * Every NATS subject and stream name the roles use (issue 22 part 3), in one place. A `prefix` (a test run's or a
 * deployment's namespace) is prepended to all of them, so parallel runs on one server never hear each other.
 *
 * | subject                        | carries                                                  | transport         |
 * |--------------------------------|----------------------------------------------------------|-------------------|
 * | `tc.user.<userId>`             | committed user events, JSON `UserEvent`                  | JetStream (acked) |
 * | `tc.market.<symbol>`           | every source call of ingest, numbered per symbol         | core              |
 * | `tc.market-snapshot`           | request: what a starting process needs (specs, history…) | core req/reply    |
 * | `tc.market-history`            | request: kline history from ingest's upstream (htx)      | core req/reply    |
 * | `tc.mark.<symbol>`             | the mark price computed once by ingest                   | core              |
 *
 * Stream `TC_USER_EVENTS` (prefixed `<prefix>_TC_USER_EVENTS`) holds `tc.user.>`.
 */
import { SUBJECT_TOKEN } from './nats'

/** Subject and stream names under one prefix. */
export interface Subjects {
  /** `tc.user.<userId>` */
  user(userId: number): string
  /** `tc.user.>` */
  allUsers: string
  /** `TC_USER_EVENTS` */
  userStream: string
  /** `tc.market.<symbol>` */
  market(symbol: string): string
  /** `tc.market.*` */
  allMarkets: string
  /** `tc.market-snapshot` */
  marketSnapshot: string
  /** `tc.market-history` */
  marketHistory: string
  /** `tc.mark.<symbol>` */
  mark(symbol: string): string
  /** `tc.mark.*` */
  allMarks: string
  /** The last token of a `tc.market.<symbol>` or `tc.mark.<symbol>` subject. */
  symbolOf(subject: string): string
}

/**
 * The names under `prefix` (none by default).
 * @throws Error when `prefix` is not a single subject token ([A-Za-z0-9_-]+)
 */
export function subjects(prefix?: string): Subjects {
  if (prefix !== undefined && !SUBJECT_TOKEN.test(prefix))
    throw new Error(`NATS prefix "${prefix}" must be one subject token ([A-Za-z0-9_-]+)`)
  const p = prefix ? `${prefix}.` : ''
  const stream = prefix ? `${prefix}_TC_USER_EVENTS` : 'TC_USER_EVENTS'
  return {
    user: (userId) => `${p}tc.user.${userId}`,
    allUsers: `${p}tc.user.>`,
    userStream: stream,
    market: (symbol) => `${p}tc.market.${checkSymbol(symbol)}`,
    allMarkets: `${p}tc.market.*`,
    marketSnapshot: `${p}tc.market-snapshot`,
    marketHistory: `${p}tc.market-history`,
    mark: (symbol) => `${p}tc.mark.${checkSymbol(symbol)}`,
    allMarks: `${p}tc.mark.*`,
    symbolOf: (subject) => subject.slice(subject.lastIndexOf('.') + 1),
  }
}

/** A feed symbol as a subject token (`btcusdt`, `BTC-USDT`); throws on one that is not. */
function checkSymbol(symbol: string): string {
  if (!SUBJECT_TOKEN.test(symbol)) throw new Error(`symbol "${symbol}" cannot be a NATS subject token`)
  return symbol
}
