/**
 * A single modal confirm dialog (login required, logout, exit demo, order confirmations). Resolves true on confirm.
 * An order confirmation also lists what is confirmed (`details`) and may offer "Don't ask again" (`dontAsk`).
 */
import { proxy } from 'valtio'
import type { ToastText } from './toast'

/** One line of what a dialog confirms: a label and its value, already formatted. */
export interface DialogDetail {
  label: ToastText
  value: string
  /** Test id of the value, for tests and the look-through. */
  testId?: string
}

export interface DialogRequest {
  message: ToastText
  confirmText?: ToastText
  cancelText?: ToastText
  /** What is being confirmed, as a table under the message (side, type, price, amount, …). */
  details?: readonly DialogDetail[]
  /** The label of a "don't ask again" checkbox; none: no checkbox. */
  dontAsk?: ToastText
}

/** The answer of `confirmWithOptOut`: confirmed or not, and whether "don't ask again" was ticked. */
export interface DialogAnswer {
  ok: boolean
  dontAsk: boolean
}

export interface DialogState {
  open: (DialogRequest & { id: number }) | null
}

export const dialogStore = proxy<DialogState>({ open: null })

let seq = 0
let settle: ((answer: DialogAnswer) => void) | undefined

/** Opens the dialog (closing an open one as cancelled) and resolves with the user's answer and opt-out. */
export function confirmWithOptOut(req: DialogRequest): Promise<DialogAnswer> {
  settle?.({ ok: false, dontAsk: false })
  dialogStore.open = { ...req, id: ++seq }
  return new Promise((resolve) => {
    settle = resolve
  })
}

/** Opens the dialog (closing an open one as cancelled) and resolves with the user's answer. */
export async function confirmDialog(req: DialogRequest): Promise<boolean> {
  return (await confirmWithOptOut(req)).ok
}

/** Closes the dialog with the user's answer (and the "don't ask again" box, when it had one). */
export function answerDialog(ok: boolean, dontAsk = false): void {
  const done = settle
  settle = undefined
  dialogStore.open = null
  done?.({ ok, dontAsk: ok && dontAsk })
}
