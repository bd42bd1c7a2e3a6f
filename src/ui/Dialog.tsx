import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { answerDialog, dialogStore } from './dialog'
import type { ToastText } from './toast'

/** The confirm dialog of `confirmDialog()`. */
export function Dialog() {
  const { open } = useSnapshot(dialogStore)
  const { t, i18n } = useLingui()
  if (!open) return null
  const text = (v: ToastText | undefined, fallback: string) =>
    v === undefined ? fallback : typeof v === 'string' ? v : i18n._(v)
  return (
    <div className="dialog-layer" role="presentation" onClick={() => answerDialog(false)}>
      <div className="dialog" role="alertdialog" aria-modal="true" onClick={(e) => e.stopPropagation()}>
        <p className="dialog__message">{text(open.message, '')}</p>
        <div className="dialog__actions">
          <button type="button" className="dialog__btn" onClick={() => answerDialog(false)}>
            {text(open.cancelText, t({ id: 'common.cancel', message: 'Cancel' }))}
          </button>
          <button type="button" className="dialog__btn dialog__btn--primary" onClick={() => answerDialog(true)}>
            {text(open.confirmText, t({ id: 'common.confirm', message: 'Confirm' }))}
          </button>
        </div>
      </div>
    </div>
  )
}
