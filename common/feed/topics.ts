/**
 * Topic names of the market feed: `market.{symbol}.{channel}` (htx-protocol.md a5). Parsing is strict so the
 * gateway can answer "invalid topic" and the worker can route pushes.
 */

/** Kline periods the gateway serves, with their length in seconds (1mon and 1week are calendar-aligned). */
export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const
export type KlinePeriod = (typeof KLINE_PERIODS)[number]

/** Nominal period length in seconds; 1mon is 30 days here and is aligned to calendar months where it matters. */
export const PERIOD_SECONDS: Record<KlinePeriod, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
  '1mon': 2_592_000,
}

export type Topic =
  | { channel: 'ticker'; symbol: string }
  | { channel: 'depth'; symbol: string; step: 'step0' }
  | { channel: 'kline'; symbol: string; period: KlinePeriod }
  | { channel: 'trade'; symbol: string }

/** Market symbols: lowercase spot/forex (`btcusdt`) or HTX contract codes (`BTC-USDT`). */
const SYMBOL = /^[a-z0-9]{2,24}$|^[A-Z0-9]{1,12}-[A-Z0-9]{2,12}$/

/** Parses a topic; returns undefined for anything that is not one of our four channels with a well-formed symbol. */
export function parseTopic(topic: string): Topic | undefined {
  const parts = topic.split('.')
  if (parts[0] !== 'market' || parts.length < 3) return undefined
  const symbol = parts[1] ?? ''
  if (!SYMBOL.test(symbol)) return undefined
  const rest = parts.slice(2).join('.')
  if (rest === 'ticker') return { channel: 'ticker', symbol }
  if (rest === 'depth.step0') return { channel: 'depth', symbol, step: 'step0' }
  if (rest === 'trade.detail') return { channel: 'trade', symbol }
  if (parts[2] === 'kline' && parts.length === 4 && (KLINE_PERIODS as readonly string[]).includes(parts[3] ?? '')) {
    return { channel: 'kline', symbol, period: parts[3] as KlinePeriod }
  }
  return undefined
}

/** Builds the topic string of a parsed topic. */
export function topicName(t: Topic): string {
  switch (t.channel) {
    case 'ticker':
      return `market.${t.symbol}.ticker`
    case 'depth':
      return `market.${t.symbol}.depth.${t.step}`
    case 'trade':
      return `market.${t.symbol}.trade.detail`
    case 'kline':
      return `market.${t.symbol}.kline.${t.period}`
  }
}

export const tickerTopic = (symbol: string) => `market.${symbol}.ticker`
export const depthTopic = (symbol: string) => `market.${symbol}.depth.step0`
export const tradeTopic = (symbol: string) => `market.${symbol}.trade.detail`
export const klineTopic = (symbol: string, period: KlinePeriod) => `market.${symbol}.kline.${period}`
