/**
 * Whether the spot and futures order forms skip their confirmation (the user ticked "Don't ask again" in it; issue 24
 * part 3), kept on this device under `SKIP_ORDER_CONFIRM`. Mine → "Order confirmations" turns them back on.
 */
import { proxy } from 'valtio'
import { readStored, writeStored } from './storage'

const KEY = 'SKIP_ORDER_CONFIRM'

/** The order forms that may skip their confirmation. */
export type ConfirmedForm = 'spot' | 'futures'

type Skips = Record<ConfirmedForm, boolean>

const isSkips = (v: unknown): v is Skips =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Skips).spot === 'boolean' &&
  typeof (v as Skips).futures === 'boolean'

export const orderConfirmStore = proxy<Skips>(readStored(KEY, isSkips, { spot: false, futures: false }))

/** True when `form` places orders without asking. */
export function skipsConfirm(form: ConfirmedForm): boolean {
  return orderConfirmStore[form]
}

/** The user chose "Don't ask again" in `form`'s confirmation. */
export function stopAsking(form: ConfirmedForm): void {
  orderConfirmStore[form] = true
  writeStored(KEY, { spot: orderConfirmStore.spot, futures: orderConfirmStore.futures })
}

/** Both forms ask again before each order. */
export function askAgain(): void {
  orderConfirmStore.spot = false
  orderConfirmStore.futures = false
  writeStored(KEY, null)
}
