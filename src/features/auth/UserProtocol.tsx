import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'
import { Sheet } from '../../ui/Sheet'

/** The user protocol (spec §2: "the user protocol must be accepted first") in a bottom sheet; "I agree" ticks the box and closes it. */
function ProtocolSheet({ onAgree, onClose }: { onAgree: () => void; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Sheet open title={t({ id: 'auth.protocol.title', message: 'User Protocol' })} onClose={onClose}>
      <div className="protocol">
        <p>
          <Trans id="auth.protocol.p1">
            This agreement sets the terms on which you open and use an account with us. By registering you confirm that
            you are of legal age where you live and that the details you give are true and your own.
          </Trans>
        </p>
        <p>
          <Trans id="auth.protocol.p2">
            Keep your login password, trading password and verification codes to yourself. You are responsible for what
            is done with your account; if you think someone else has used it, change your password and tell us through
            online service at once.
          </Trans>
        </p>
        <p>
          <Trans id="auth.protocol.p3">
            Trading digital assets, futures and options is high-risk: prices move fast and you can lose all the money
            you put in. Nothing in the app is investment advice. Trade only with money you can afford to lose.
          </Trans>
        </p>
        <p>
          <Trans id="auth.protocol.p4">
            We may ask you to verify your identity, and may limit or close an account to comply with the law, to prevent
            fraud or money laundering, or when these terms are broken. We use your data only to run your account and as
            the law requires.
          </Trans>
        </p>
        <p>
          <Trans id="auth.protocol.p5">
            We may update this agreement; the current version is always shown here, and using your account after a
            change means you accept it. Questions are welcome through online service.
          </Trans>
        </p>
      </div>
      <div className="protocol__actions">
        <button type="button" className="btn btn--primary btn--block" onClick={onAgree}>
          <Trans id="auth.protocol.agree">I agree</Trans>
        </button>
      </div>
    </Sheet>
  )
}

/**
 * The "I have read and agree to the User Protocol" checkbox; the link opens the protocol. `error` (translated)
 * is shown under it and announced.
 */
export function AgreeCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  error: string | undefined
}) {
  const id = useId()
  const [reading, setReading] = useState(false)
  const link = useRef<HTMLButtonElement>(null)
  const stopReading = () => {
    setReading(false)
    link.current?.focus() // back to where the reader left off
  }
  return (
    <div className={error ? 'agree agree--error' : 'agree'}>
      <div className="agree__row">
        <input
          id={id}
          type="checkbox"
          className="agree__box"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <label htmlFor={id} className="agree__label">
          <Trans id="auth.agree">
            I have read and agree to the{' '}
            <button
              ref={link}
              type="button"
              className="auth-link"
              onClick={(e) => {
                e.preventDefault() // open the text, do not tick the box
                setReading(true)
              }}
            >
              User Protocol
            </button>
          </Trans>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {reading && (
        <ProtocolSheet
          onClose={stopReading}
          onAgree={() => {
            onChange(true)
            stopReading()
          }}
        />
      )}
    </div>
  )
}
