/**
 * Toast store (spec §9): one toast at a time, a message stays 1500 ms, a loading toast 12000 ms (or until cleared).
 * Text is either already translated (server messages come in the request's language) or a Lingui message
 * descriptor, translated when shown so a language switch never leaves a stale toast.
 */
import type { MessageDescriptor } from '@lingui/core'
import { proxy } from 'valtio'
import { LOADING_TOAST_MS, TOAST_MS } from '../../common/constants'

export type ToastKind = 'message' | 'success' | 'error' | 'loading'
export type ToastText = string | MessageDescriptor

export interface Toast {
  id: number
  kind: ToastKind
  text: ToastText
}

export interface ToastState {
  current: Toast | null
}

export const toastStore = proxy<ToastState>({ current: null })

let seq = 0
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Shows a toast, replacing any other. Returns its id (for `hideToast`).
 * @param durationMs default 1500 ms, 12000 ms for 'loading'
 */
export function showToast(text: ToastText, kind: ToastKind = 'message', durationMs?: number): number {
  const id = ++seq
  toastStore.current = { id, kind, text }
  clearTimeout(timer)
  timer = setTimeout(() => hideToast(id), durationMs ?? (kind === 'loading' ? LOADING_TOAST_MS : TOAST_MS))
  return id
}

/** Hides the toast `id` (or whichever is shown when omitted). */
export function hideToast(id?: number): void {
  if (id === undefined || toastStore.current?.id === id) toastStore.current = null
}
