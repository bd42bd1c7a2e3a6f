import { useLingui } from '@lingui/react'
import { useSnapshot } from 'valtio'
import { Spinner } from './Spinner'
import { toastStore, type ToastText } from './toast'

/** Renders the current toast in the middle of the screen; announced to screen readers. */
export function Toaster() {
  const { current } = useSnapshot(toastStore)
  const { i18n } = useLingui()
  if (!current) return null
  const text = (t: ToastText) => (typeof t === 'string' ? t : i18n._(t))
  return (
    <div className="toast-layer" role={current.kind === 'error' ? 'alert' : 'status'} aria-live="polite">
      <div className={`toast toast--${current.kind}`}>
        {current.kind === 'loading' && <Spinner size={28} />}
        <span>{text(current.text)}</span>
      </div>
    </div>
  )
}
