import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { answerDialog, dialogStore } from './dialog'
import type { ToastText } from './toast'

/** The confirm dialog of `confirmDialog()`: the message, what is confirmed (a table), "don't ask again", the buttons. */
export function Dialog() {
  const { open } = useSnapshot(dialogStore)
  if (!open) return null
  return <OpenDialog key={open.id} />
}

function OpenDialog() {
  const { open } = useSnapshot(dialogStore)
  const { t, i18n } = useLingui()
  const [dontAsk, setDontAsk] = useState(false)
  if (!open) return null
  const text = (v: ToastText | undefined, fallback: string) =>
    v === undefined ? fallback : typeof v === 'string' ? v : i18n._(v)
  return (
    <div className="dialog-layer" role="presentation" onClick={() => answerDialog(false)}>
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-label={text(open.message, '')}
        onClick={(e) => e.stopPropagation()}
      >
        <p className="dialog__message">{text(open.message, '')}</p>
        {open.details && open.details.length > 0 && (
          <dl className="dialog__details">
            {open.details.map((d, i) => (
              <div key={i}>
                <dt>{text(d.label, '')}</dt>
                <dd data-testid={d.testId}>{d.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {open.dontAsk !== undefined && (
          <label className="dialog__dont-ask">
            <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
            <span>{text(open.dontAsk, '')}</span>
          </label>
        )}
        <div className="dialog__actions">
          <button type="button" className="dialog__btn" onClick={() => answerDialog(false)}>
            {text(open.cancelText, t({ id: 'common.cancel', message: 'Cancel' }))}
          </button>
          <button
            type="button"
            className="dialog__btn dialog__btn--primary"
            onClick={() => answerDialog(true, dontAsk)}
          >
            {text(open.confirmText, t({ id: 'common.confirm', message: 'Confirm' }))}
          </button>
        </div>
      </div>
    </div>
  )
}
