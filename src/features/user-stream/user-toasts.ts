/**
 * Toasts for what happened on the server while the user looked elsewhere (issue 22 part 2): a resting spot or
 * futures order filled or partially filled, a position liquidated, a position closed by its take-profit or stop-loss,
 * a second contract settled (won, lost, draw). Each event is told once (by its `seq`); fills of an order placed from
 * this page just now are left to the placement's own toast (placing.ts). One toast shows at a time, so of several
 * events in one snapshot the newest toastable one is shown.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderEventData, PositionEventData } from '../../../common/api/stream'
import type { UserEvent } from '../../../common/engine-api'
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

/** The toast an event calls for, or null (topic from the channel it came on). */
export function toastOfEvent(ev: UserEvent): [MessageDescriptor, ToastKind] | null {
  if (ev.ch.startsWith('orders#')) return orderToast(ev.data as OrderEventData)
  if (ev.ch === 'positions') return positionToast(ev.data as PositionEventData)
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
