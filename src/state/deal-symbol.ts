/**
 * The selected trading pair per area (spec §3 dealSymbol {trade, lever, option}), each defaulting to BTC/USDT.
 * Persisted under DEAL_SYMBOL. The K-line page sets it when the user goes on to trade a pair.
 */
import { proxy } from 'valtio'
import { STORAGE_KEYS } from '../../common/constants'
import { DEFAULT_DEAL_SYMBOL, type DealSymbol } from '../../common/market'
import { isRecord, readStored, writeStored } from './storage'

/** Areas that keep their own pair: spot trade, lever (contract), option (micro / second contract). */
export type DealArea = 'trade' | 'lever' | 'option'
export const DEAL_AREAS: readonly DealArea[] = ['trade', 'lever', 'option']

export type DealSymbolState = Record<DealArea, DealSymbol>

const NUMBER_FIELDS = ['currency_id', 'matches_id', 'market_from'] as const
const STRING_FIELDS = ['currency_name', 'legal_name', 'logo', 'symbol', 'extends'] as const

/** Guard: every dealSymbol field present with its type. */
export function isDealSymbol(value: unknown): value is DealSymbol {
  if (!isRecord(value)) return false
  return (
    NUMBER_FIELDS.every((f) => typeof value[f] === 'number') && STRING_FIELDS.every((f) => typeof value[f] === 'string')
  )
}

function isState(value: unknown): value is DealSymbolState {
  return isRecord(value) && DEAL_AREAS.every((a) => isDealSymbol(value[a]))
}

function defaults(): DealSymbolState {
  return { trade: { ...DEFAULT_DEAL_SYMBOL }, lever: { ...DEFAULT_DEAL_SYMBOL }, option: { ...DEFAULT_DEAL_SYMBOL } }
}

export const dealSymbolStore = proxy<DealSymbolState>(readStored(STORAGE_KEYS.dealSymbol, isState, defaults()))

/** Copies only the dealSymbol fields of `item` (a MarketItem carries more). */
function pickFields(item: DealSymbol): DealSymbol {
  const { currency_id, currency_name, legal_name, logo, matches_id, market_from, symbol } = item
  return { currency_id, currency_name, legal_name, logo, matches_id, market_from, symbol, extends: item.extends }
}

/** Selects the pair of one area (spec §4 "the selected trading pair can be changed per area") and persists all three. */
export function setDealSymbol(area: DealArea, item: DealSymbol): void {
  dealSymbolStore[area] = pickFields(item)
  writeStored(STORAGE_KEYS.dealSymbol, {
    trade: dealSymbolStore.trade,
    lever: dealSymbolStore.lever,
    option: dealSymbolStore.option,
  })
}
