/**
 * How much may leave a futures account's wallet (issue 21 part 2): under cross margin the wallet backs every open
 * position, so a transfer out must leave the positions' and open orders' initial margin covered, with the positions'
 * unrealized losses counted and their unrealized profits not:
 *
 *   max = min(available, wallet balance + Σ unrealized PnL (losses only) − Σ initial margin of positions and orders)
 *
 * Source: Aster's published cross-margin rule (docs.asterdex.com, "How do I calculate the maximum amount that I can
 * transfer in/out in Cross and Isolated Margin modes?": the maximum "must not exceed Cross Wallet Balance + Σ Cross
 * Unrealized PnL − Σ Cross Initial Margin"), the rule of the Binance USDⓈ-M engine Aster follows (Binance's account
 * API answers it as `maxWithdrawAmount`). Profits count for nothing until realized (as issue 21 asks), so one leg's
 * paper profit cannot carry money out. Wallet balance = available + frozen (positions' margin and open orders'
 * holds); a position's initial margin is the margin it froze, an order's its hold. Unrealized PnL is taken at the mark
 * price, which must be fresh (freshness.ts), else nothing leaves while a position is open.
 */
import { and, eq } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { Book } from '../../../common/api/user-info'
import { pnlAt } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { contractWallet, openPositions } from './account'
import { MARGIN_CURRENCY } from './config'
import type { MarkBoard } from './marks'

const ZERO = parseDecimal('0')

/**
 * The most of the margin currency that may leave the account's futures wallet now (`max`: formula in the header,
 * rounded down to the currency's unit, never below 0) and the wallet's available balance. Call it in the transaction that moves the money, under the account's
 * lock (account.ts lockAccount): it locks the wallet and position rows it reads.
 * @param marks the process's mark board; undefined (no market in this process) counts as no mark
 * @param lock false for a read that shows the cap (contract/account): no row locks, the figure of that moment
 * @throws DomainError unavailable `priceStale` (amount) when a symbol with an open position has no fresh mark
 */
export async function transferableMargin(
  tx: Db,
  marks: Pick<MarkBoard, 'mark'> | undefined,
  who: { book: Book; userId: number },
  now: Date,
  lock = true,
): Promise<{ max: DecimalString; available: DecimalString }> {
  const wallet = await contractWallet(tx, who.book, who.userId, lock)
  const positions = await openPositions(tx, who.book, who.userId, lock)
  const orders = await tx
    .select({ margin: contractOrders.margin, fee: contractOrders.fee })
    .from(contractOrders)
    .where(
      and(
        eq(contractOrders.userId, who.userId),
        eq(contractOrders.book, who.book),
        eq(contractOrders.status, 'pending'),
      ),
    )
  let losses = ZERO
  let initial = ZERO
  for (const p of positions) {
    const mark = marks?.mark(p.symbol)
    if (!mark || !isFresh(mark.event.ts, now, await priceMaxAgeMs(tx, p.symbol))) {
      throw new DomainError('unavailable', 'priceStale', { field: 'amount' })
    }
    const amount = parseDecimal(p.amount)
    const upnl = pnlAt(p.side, amount, parseDecimal(p.openPrice), mark.price)
    if (sign(upnl) < 0) losses = add(losses, upnl)
    initial = add(initial, parseDecimal(p.margin))
  }
  for (const o of orders) initial = add(initial, add(parseDecimal(o.margin), parseDecimal(o.fee)))
  const walletBalance = add(wallet.available, wallet.frozen)
  const covered = subtract(add(walletBalance, losses), initial)
  const max = compare(covered, wallet.available) < 0 ? covered : wallet.available
  const rounded = sign(max) > 0 ? round(max, currencyScale(MARGIN_CURRENCY), 'down') : ZERO
  return { max: rounded, available: wallet.available }
}
