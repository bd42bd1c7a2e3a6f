import { useCallback, useEffect, useState } from 'react'
import { contractTickersSchema, type ContractTickers } from '../../../common/api/contract'
import type { Api } from '../../api'
import { withKeptCopy } from '../kept'

/** How often the open perpetuals' marks and funding are read again, ms (the server samples funding every 5 s). */
export const PERPETUALS_REFRESH_MS = 5000

/** What the Futures list shows: the answer (null before the first), and whether it could not be read at all. */
export interface PerpetualsState {
  answer: ContractTickers | null
  failed: boolean
  /** Reads again now (the retry of a failed first read). */
  retry: () => void
}

/**
 * GET contract/tickers while `enabled`, again every PERPETUALS_REFRESH_MS. The last good answer is kept on the device
 * and stands in offline, without its marks: an old mark is not shown as one (the rows then say "--").
 */
export function usePerpetuals(api: Pick<Api, 'contractTickers'>, enabled = true): PerpetualsState {
  const [state, setState] = useState<Omit<PerpetualsState, 'retry'>>({ answer: null, failed: false })
  const [reads, setReads] = useState(0)
  const retry = useCallback(() => setReads((n) => n + 1), [])
  useEffect(() => {
    if (!enabled) return
    let live = true
    let fresh = false
    withKeptCopy('contract:tickers', contractTickersSchema, async () => {
      const a = await api.contractTickers({ silent: true })
      fresh = true
      return a
    }).then(
      (a) => {
        const answer = fresh ? a : { ...a, list: a.list.map((t) => ({ ...t, mark_price: null })) }
        if (live) setState({ answer, failed: false })
      },
      () => live && setState((s) => ({ answer: s.answer, failed: s.answer === null })),
    )
    const again = setTimeout(() => setReads((n) => n + 1), PERPETUALS_REFRESH_MS)
    return () => {
      live = false
      clearTimeout(again)
    }
  }, [api, enabled, reads])
  return { ...state, retry }
}
