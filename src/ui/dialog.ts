/** A single modal confirm dialog (login required, later: logout, exit demo). Resolves true on confirm. */
import { proxy } from 'valtio'
import type { ToastText } from './toast'

export interface DialogRequest {
  message: ToastText
  confirmText?: ToastText
  cancelText?: ToastText
}

export interface DialogState {
  open: (DialogRequest & { id: number }) | null
}

export const dialogStore = proxy<DialogState>({ open: null })

let seq = 0
let settle: ((ok: boolean) => void) | undefined

/** Opens the dialog (closing an open one as cancelled) and resolves with the user's answer. */
export function confirmDialog(req: DialogRequest): Promise<boolean> {
  settle?.(false)
  dialogStore.open = { ...req, id: ++seq }
  return new Promise((resolve) => {
    settle = resolve
  })
}

/** Closes the dialog with the user's answer. */
export function answerDialog(ok: boolean): void {
  const done = settle
  settle = undefined
  dialogStore.open = null
  done?.(ok)
}
