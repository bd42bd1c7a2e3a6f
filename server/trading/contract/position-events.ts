/**
 * `positions` events of open positions (issue 22 part 1): the position as `contract/positions` shows it, which needs
 * the account's other open positions and its wallet (the liquidation price is the account's, under cross margin).
 */
import type { DecimalString } from '../../../common/amount'
import type { PositionEventKind } from '../../../common/api/stream'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { positionEvent, type UserEventOf } from '../../stream/trading-events'
import { contractWallet, openPositions } from './account'
import { contractTerms } from './config'
import type { MarkBoard } from './marks'
import { positionViews } from './views'

/**
 * The `positions` events `event` of the account's open positions `ids` (as `contract/positions` shows them: the
 * account's open positions and wallet read in `tx`, at `marks` when given, else without a mark).
 */
export async function openPositionEvents(
  tx: Db,
  marks: Pick<MarkBoard, 'mark'> | ((symbol: string) => DecimalString | undefined) | undefined,
  who: { book: Book; userId: number },
  ids: readonly number[],
  event: PositionEventKind,
): Promise<UserEventOf[]> {
  const positions = await openPositions(tx, who.book, who.userId)
  const wanted = positions.filter((p) => ids.includes(p.id))
  if (wanted.length === 0) return []
  const { available } = await contractWallet(tx, who.book, who.userId)
  const precision = new Map<string, number>()
  for (const s of new Set(wanted.map((p) => p.symbol))) precision.set(s, (await contractTerms(tx, s))!.pricePrecision)
  const views = positionViews(
    positions,
    available,
    (s) => (typeof marks === 'function' ? marks(s) : marks?.mark(s)?.price),
    (s) => precision.get(s) ?? 8,
  )
  return views.filter((v) => ids.includes(v.id)).map((v) => positionEvent(who.userId, who.book, event, v.symbol, v))
}
