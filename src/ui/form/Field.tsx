/**
 * Form primitives shared by every account screen: a labelled text field with its error under it, a password field
 * with a show/hide toggle, a list row that links somewhere, and a form-level error line. Errors are announced
 * (role="alert") and tied to the input with aria-describedby, so a screen reader hears which field is wrong.
 */
import { useLingui } from '@lingui/react/macro'
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { Icon } from '../Icon'

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: string
  value: string
  onChange: (value: string) => void
  /** Problem with this field, shown under it; empty = none. */
  error?: string | undefined
  /** Small text under the field when there is no error. */
  hint?: ReactNode
  /** Content before the input (e.g. the area-code button). */
  prefix?: ReactNode
  /** Content after the input (e.g. the "send code" button). */
  suffix?: ReactNode
}

/** A labelled single-line input. */
export function Field({ label, value, onChange, error, hint, prefix, suffix, id, ...input }: FieldProps) {
  const auto = useId()
  const inputId = id ?? auto
  const noteId = `${inputId}-note`
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__box">
        {prefix}
        <input
          {...input}
          id={inputId}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {suffix}
      </div>
      {error ? (
        <p id={noteId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'suffix'>) {
  const [shown, setShown] = useState(false)
  const { t } = useLingui()
  const toggle = shown
    ? t({ id: 'form.hidePassword', message: 'Hide password' })
    : t({ id: 'form.showPassword', message: 'Show password' })
  return (
    <Field
      autoComplete="current-password"
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button type="button" className="field__eye" aria-pressed={shown} onClick={() => setShown(!shown)}>
          <Icon name={shown ? 'eyeOff' : 'eye'} size={18} label={toggle} />
        </button>
      }
    />
  )
}

/** A form-level error (e.g. the server's message), or nothing. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  )
}
