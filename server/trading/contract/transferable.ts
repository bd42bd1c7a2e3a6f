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
import { sql } from 'drizzle-orm'
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
import type { ContractSide } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import { pnlAt } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions, ledgerAccounts } from '../../db/schema'
import { accountKey } from '../../ledger/post'
import { rowsOf } from '../../stream/events'
import { DomainError } from '../../domain/errors'
import { isFresh, priceMaxAgeMs } from '../freshness'
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
  const { wallet, positions, orders } = await accountRows(tx, who, lock)
  let losses = ZERO
  let initial = ZERO
  for (const p of positions) {
    const mark = marks?.mark(p.symbol)
    if (!mark || !isFresh(mark.event.ts, now, await priceMaxAgeMs(tx, p.symbol))) {
      throw new DomainError('unavailable', 'priceStale', { field: 'amount' })
    }
    const upnl = pnlAt(p.side, parseDecimal(p.amount), parseDecimal(p.open_price), mark.price)
    if (sign(upnl) < 0) losses = add(losses, upnl)
    initial = add(initial, parseDecimal(p.margin))
  }
  for (const o of orders) initial = add(initial, add(parseDecimal(o.margin), parseDecimal(o.fee)))
  const available = parseDecimal(wallet?.available ?? '0')
  const walletBalance = add(available, parseDecimal(wallet?.frozen ?? '0'))
  const covered = subtract(add(walletBalance, losses), initial)
  const max = compare(covered, available) < 0 ? covered : available
  const rounded = sign(max) > 0 ? round(max, currencyScale(MARGIN_CURRENCY), 'down') : ZERO
  return { max: rounded, available }
}

/** What the cap reads of an account: its wallet row (none before first use), open positions, pending orders. */
interface AccountRows {
  wallet: { available: string; frozen: string } | null
  positions: { symbol: string; side: ContractSide; amount: string; open_price: string; margin: string }[]
  orders: { margin: string; fee: string }[]
}

/**
 * The wallet, open positions and pending orders of a futures account in one statement (one round trip instead of
 * three; amounts as text, never JSON numbers). `lock` locks the wallet row, then the positions (ascending id), as the
 * separate reads did.
 */
async function accountRows(tx: Db, who: { book: Book; userId: number }, lock: boolean): Promise<AccountRows> {
  const key = accountKey({ userId: who.userId, wallet: 'contract' }, who.book, MARGIN_CURRENCY)
  const forUpdate = lock ? sql` for update` : sql``
  const [row] = rowsOf<AccountRows>(
    await tx.execute(sql`
      with w as (
        select available::text as available, frozen::text as frozen from ${ledgerAccounts}
        where owner = ${key.owner} and book = ${who.book} and wallet = 'contract' and currency = ${MARGIN_CURRENCY}${forUpdate}
      ), p as (
        select id, symbol, side, amount::text as amount, open_price::text as open_price, margin::text as margin
        from ${contractPositions} where user_id = ${who.userId} and book = ${who.book} and status = 'open'
        order by id${forUpdate}
      ), o as (
        select margin::text as margin, fee::text as fee from ${contractOrders}
        where user_id = ${who.userId} and book = ${who.book} and status = 'pending'
      )
      select (select row_to_json(w) from w) as wallet,
        (select coalesce(json_agg(p order by p.id), '[]'::json) from p) as positions,
        (select coalesce(json_agg(o), '[]'::json) from o) as orders`),
  )
  return row!
}
