/**
 * The outcome of a second contract that settles at a price, and its ledger posting (settler.ts). Up and close > open,
 * or down and close < open, wins: the stake comes back with stake × payout rate (rounded down to the currency's unit)
 * from the platform's counterparty account; the other way round the stake goes to the counterparty; an equal price
 * gives the stake back.
 */
import {
  compare,
  currencyScale,
  multiply,
  negate,
  parseDecimal,
  round,
  type DecimalString,
} from '../../../common/amount'
import type { MicroState } from '../../../common/api/micro'
import type { Entry, Posting } from '../../ledger/post'
import type { MicroRow } from './orders'

/** The state of an order settled at a price. */
export type SettledState = Exclude<MicroState, 'open' | 'voided'>

const d = parseDecimal

/** The outcome of an order closing at `close`: its state and the profit or loss against the stake. */
export function outcome(
  o: Pick<MicroRow, 'direction' | 'openPrice' | 'amount' | 'payoutRate' | 'currency'>,
  close: DecimalString,
): { status: SettledState; pnl: DecimalString } {
  const c = compare(close, d(o.openPrice))
  if (c === 0) return { status: 'draw', pnl: d('0') }
  const won = o.direction === 'up' ? c > 0 : c < 0
  if (!won) return { status: 'lost', pnl: negate(d(o.amount)) }
  return { status: 'won', pnl: round(multiply(d(o.amount), d(o.payoutRate)), currencyScale(o.currency), 'down') }
}

/**
 * The ledger posting of a settled order: the stake leaves the frozen bucket; lost, it goes to the counterparty;
 * otherwise it comes back to the available bucket, with the winnings from the counterparty on a win.
 */
export function settlementPosting(o: MicroRow, status: SettledState, pnl: DecimalString): Posting {
  const user = { userId: o.userId, wallet: 'option' as const }
  const stake = d(o.amount)
  const entries: Entry[] = [{ owner: user, currency: o.currency, bucket: 'frozen', amount: negate(stake) }]
  if (status === 'lost') {
    entries.push({ owner: { system: 'counterparty' }, currency: o.currency, bucket: 'available', amount: stake })
  } else {
    entries.push({ owner: user, currency: o.currency, bucket: 'available', amount: stake })
    if (status === 'won' && compare(pnl, d('0')) > 0) {
      entries.push(
        { owner: user, currency: o.currency, bucket: 'available', amount: pnl },
        { owner: { system: 'counterparty' }, currency: o.currency, bucket: 'available', amount: negate(pnl) },
      )
    }
  }
  return { kind: 'micro_settle', book: o.book, userId: o.userId, reference: `micro:${o.id}`, actor: 'system', entries }
}
