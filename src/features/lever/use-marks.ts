/**
 * The mark prices this page computes (MarkFeeds), by symbol, and the figures that follow from them: the positions
 * with their live PnL and liquidation prices, the account's totals, and the account as the order form's preview
 * needs it. Recomputed on every new mark or account answer.
 */
import { useCallback, useMemo, useState } from 'react'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { ContractAccount, Position } from '../../../common/api/contract'
import type { AccountFigures } from '../../../common/trading/contract-math'
import type { Mark } from '../../../common/trading/mark-price'
import { feedUpdate } from '../../engine'
import type { Holdings } from './open-math'
import { figuresOf, livePositions, type LivePosition } from './position-math'

/** The marks by symbol and the callback MarkFeeds reports to. */
export function useMarkBoard(): [ReadonlyMap<string, Mark>, (symbol: string, mark: Mark) => void] {
  const [marks, setMarks] = useState<ReadonlyMap<string, Mark>>(() => new Map())
  const onMark = useCallback(
    (symbol: string, mark: Mark) =>
      feedUpdate(() =>
        setMarks((prev) => (prev.get(symbol)?.price === mark.price ? prev : new Map(prev).set(symbol, mark))),
      ),
    [],
  )
  return [marks, onMark]
}

/** The live figures of an account; null while it is not known. */
export interface LiveBook {
  rows: LivePosition[]
  totals: AccountFigures
  holdings: Holdings
}

/**
 * @param precisionOf decimals of a symbol's prices
 */
export function useLiveBook(
  account: ContractAccount | undefined,
  positions: readonly Position[],
  marks: ReadonlyMap<string, Mark>,
  precisionOf: (symbol: string) => number,
): LiveBook | null {
  return useMemo(() => {
    if (!account) return null
    const available = parseDecimal(account.available)
    const markOf = (s: string): DecimalString | undefined => marks.get(s)?.price
    const { rows, account: totals } = livePositions(positions, available, markOf, precisionOf, account.currency)
    const holdings = { available, positions: rows.map((r) => figuresOf(r.position, r.mark)) }
    return { rows, totals, holdings }
  }, [account, positions, marks, precisionOf])
}
