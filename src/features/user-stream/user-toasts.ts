/**
 * Toasts for what happened on the server while the user looked elsewhere (issue 22 part 2, issue 24 part 6): a
 * resting spot or futures order filled or partially filled, a position liquidated, a position closed by its
 * take-profit or stop-loss, a second contract settled (won, lost, draw), a price alert fired, a deposit or withdrawal
 * reviewed (and a withdrawal sent, paid or failed), a live deposit credited. Each event is told once (by its `seq`); fills of an order placed
 * from this page just now are left to the placement's own toast (placing.ts). One toast shows at a time, so of several
 * events in one snapshot the newest toastable one is shown.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { scaleOf, type DecimalString } from '../../../common/amount'
import type { AccountEventData, NoticeEventData, OrderEventData, PositionEventData } from '../../../common/api/stream'
import type { UserEvent } from '../../../common/engine-api'
import { formatAmount, formatPrice } from '../../lib/format'
import { languageStore } from '../../state/language'
import { pricePrecisionOf } from '../../state/market-precisions'
import { showToast, type ToastKind } from '../../ui/toast'
import { isPlacingHere } from './placing'

/** `btcusdt` → `BTC/USDT` (quote USDT or USDC), else the symbol in capitals. */
export function pairOfSymbol(symbol: string): string {
  const m = /^([a-z0-9]+?)(usdt|usdc)$/.exec(symbol)
  return m ? `${m[1]!.toUpperCase()}/${m[2]!.toUpperCase()}` : symbol.toUpperCase()
}

function orderToast(d: OrderEventData): [MessageDescriptor, ToastKind] | null {
  const pair = pairOfSymbol(d.symbol)
  if (d.event === 'settled' && d.kind === 'micro') {
    const status = d.order.status
    if (status === 'won') return [msg({ id: 'stream.microWon', message: `Option won · ${pair}` }), 'success']
    if (status === 'lost') return [msg({ id: 'stream.microLost', message: `Option lost · ${pair}` }), 'message']
    if (status === 'draw')
      return [msg({ id: 'stream.microDraw', message: `Option ended in a draw · ${pair}` }), 'message']
    return null
  }
  if (d.kind !== 'spot' && d.kind !== 'futures') return null
  if (isPlacingHere(d.order.client_oid)) return null
  if (d.event === 'filled') return [msg({ id: 'stream.filled', message: `Order filled · ${pair}` }), 'success']
  if (d.event === 'partially_filled') {
    return [msg({ id: 'stream.partiallyFilled', message: `Order partially filled · ${pair}` }), 'success']
  }
  return null
}

function positionToast(d: PositionEventData): [MessageDescriptor, ToastKind] | null {
  const pair = pairOfSymbol(d.symbol)
  if (d.event === 'liquidated') {
    return [msg({ id: 'stream.liquidated', message: `Position liquidated · ${pair}` }), 'error']
  }
  if (d.event !== 'closed') return null
  const reason = d.position.close_reason
  if (reason === 'take_profit') {
    return [msg({ id: 'stream.takeProfit', message: `Take-profit closed your position · ${pair}` }), 'success']
  }
  if (reason === 'stop_loss') {
    return [msg({ id: 'stream.stopLoss', message: `Stop-loss closed your position · ${pair}` }), 'message']
  }
  return null
}

/**
 * A price of a fired alert at its market's precision (the last market list's; before one was loaded, the decimals the
 * figures carry, at least 2): "28,500.00".
 */
export function alertPrice(value: string, symbol: string, locale: string, others: readonly string[] = []): string {
  const scaleOfText = (v: string) => {
    try {
      return scaleOf(v as DecimalString)
    } catch {
      return 0
    }
  }
  const precision = pricePrecisionOf(symbol) ?? Math.max(2, ...[value, ...others].map(scaleOfText))
  return formatPrice(value, precision, locale)
}

function noticeToast(d: NoticeEventData, locale: string): [MessageDescriptor, ToastKind] | null {
  if (d.event === 'price_alert') {
    if (!d.symbol || !(d.last_price ?? d.price)) return null
    const pair = pairOfSymbol(d.symbol)
    const price = alertPrice((d.last_price ?? d.price)!, d.symbol, locale, d.price ? [d.price] : [])
    if (d.state === 'below') return [msg({ id: 'stream.alertFell', message: `${pair} fell to ${price}` }), 'message']
    return [msg({ id: 'stream.alertRose', message: `${pair} rose to ${price}` }), 'message']
  }
  if (d.event === 'deposit_reviewed') {
    if (d.state === 'approved') return [msg({ id: 'stream.depositCredited', message: 'Deposit credited' }), 'success']
    if (d.state === 'rejected') {
      return [msg({ id: 'stream.depositRejected', message: 'Your deposit was rejected' }), 'error']
    }
    return null
  }
  if (d.event !== 'withdrawal_reviewed') return null
  switch (d.state) {
    case 'approved':
      return [msg({ id: 'stream.withdrawalApproved', message: 'Your withdrawal was approved' }), 'success']
    case 'sending':
      return [msg({ id: 'stream.withdrawalSending', message: 'Your withdrawal is being sent' }), 'message']
    case 'paid':
      return [msg({ id: 'stream.withdrawalPaid', message: 'Your withdrawal has arrived on chain' }), 'success']
    case 'rejected':
      return [msg({ id: 'stream.withdrawalRejected', message: 'Your withdrawal was rejected' }), 'error']
    case 'failed':
      return [
        msg({
          id: 'stream.withdrawalFailed',
          message: 'Your withdrawal failed: the amount is back in your coin account',
        }),
        'error',
      ]
    default:
      return null
  }
}

/** A live deposit credited to the spot wallet (a chain deposit at its first confirmation, an approved claim). */
function depositToast(d: AccountEventData, locale: string): [MessageDescriptor, ToastKind] | null {
  if (d.kind !== 'deposit' || d.book !== 'live' || !/^\d*\.?\d*[1-9]/.test(d.change_available)) return null
  const amount = formatAmount(d.change_available, d.currency, locale)
  const currency = d.currency
  return [msg({ id: 'stream.depositCreditedAmount', message: `Deposit credited · ${amount} ${currency}` }), 'success']
}

/**
 * The toast an event calls for, or null (topic from the channel it came on).
 * @param locale how prices in the text are written (default: the interface language)
 */
export function toastOfEvent(
  ev: UserEvent,
  locale: string = languageStore.locale,
): [MessageDescriptor, ToastKind] | null {
  if (ev.ch.startsWith('orders#')) return orderToast(ev.data as OrderEventData)
  if (ev.ch === 'positions') return positionToast(ev.data as PositionEventData)
  if (ev.ch === 'notices') return noticeToast(ev.data as NoticeEventData, locale)
  if (ev.ch === 'accounts.update') return depositToast(ev.data as AccountEventData, locale)
  return null
}

/** Highest `seq` already considered for a toast (per stream connection; `forgetToasted` on sign-out). */
let toastedUpTo = -1

/** Shows the toast of the newest toastable event among `events` not told before; returns whether one was shown. */
export function toastUserEvents(events: readonly UserEvent[]): boolean {
  let chosen: [MessageDescriptor, ToastKind] | null = null
  for (const ev of events) {
    if (ev.seq <= toastedUpTo) continue
    toastedUpTo = ev.seq
    chosen = toastOfEvent(ev) ?? chosen
  }
  if (!chosen) return false
  showToast(chosen[0], chosen[1], 4000)
  return true
}

/** Starts over (sign-out: the next user's sequence numbers start again). */
export function forgetToasted(): void {
  toastedUpTo = -1
}
