/**
 * A market's contract terms (contract/market_config, public): leverage range, maintenance margin rate, fee rates,
 * smallest order, precisions and whether futures trading is open. Read again when the symbol changes or on `retry`;
 * the last answer per symbol is kept on the device and stands in when the read fails (offline).
 */
import { useCallback, useEffect, useState } from 'react'
import { contractMarketSchema, type ContractMarket } from '../../../common/api/contract'
import type { Api } from '../../api'
import { withKeptCopy } from '../kept'

/** The terms of the symbol asked for: undefined while loading, null when they could not be read. */
export interface ContractTermsState {
  terms: ContractMarket | null | undefined
  retry(this: void): void
}

/** @param symbol the market's symbol; null reads nothing (a pair futures are not offered on) */
export function useContractTerms(api: Pick<Api, 'contractMarket'>, symbol: string | null): ContractTermsState {
  const [answer, setAnswer] = useState<{ key: string; terms: ContractMarket | null } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const key = `${symbol}|${attempt}`
  useEffect(() => {
    if (symbol === null) return
    let live = true
    // Kept on the device: offline the screen opens on the last terms read (issue 24 part 9).
    withKeptCopy(`terms:contract:${symbol}`, contractMarketSchema, () =>
      api.contractMarket(symbol, { silent: true }),
    ).then(
      (t) => live && setAnswer({ key, terms: t }),
      () => live && setAnswer({ key, terms: null }),
    )
    return () => {
      live = false
    }
  }, [api, symbol, key])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { terms: answer?.key === key ? answer.terms : undefined, retry }
}
