/**
 * The app's one form layer, on TanStack Form's composition API: `useAppForm` (a TanStack form whose fields render
 * the design system's inputs), field components that show their first error under the input, a `<form.Form>` that
 * submits, clears the last failure and then focuses the first invalid field, a submit button that is disabled and
 * busy while sending, and the form's own error line. Errors are `FormText` (translated when shown).
 */
import { createFormHook, createFormHookContexts, type AnyFieldApi } from '@tanstack/react-form'
import { useRef, type FormHTMLAttributes, type ReactNode } from 'react'
import { Spinner } from '../Spinner'
import { Field, FormError, PasswordField, type FieldProps } from './Field'
import { useFormText, type FormText } from './form-text'
import { clearSubmitProblems, setFieldProblem } from './submit-problem'

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()

export { useFieldContext, useFormContext }

/** The first error of `field` (client check or server refusal), or undefined. */
export function fieldError(field: AnyFieldApi): FormText | undefined {
  return (field.state.meta.errors as (FormText | undefined)[]).find((e) => e !== undefined && e !== null && e !== '')
}

/** Sets the field's value; an edit makes the server's last word on this field stale. */
export function changeField(field: AnyFieldApi, value: unknown): void {
  field.handleChange(value)
  if (field.state.meta.errorMap.onServer !== undefined) setFieldProblem(field.form, String(field.name), undefined)
}

/** Props of a bound text field: everything of `Field` except what the form supplies. */
export type BoundFieldProps = Omit<FieldProps, 'value' | 'onChange' | 'error' | 'name'> & {
  /** Rewrites typed text before it is stored (e.g. digits only). */
  normalize?: (value: string) => string
}

/** A labelled text input bound to the surrounding `form.AppField`. */
function TextField({ normalize, ...props }: BoundFieldProps) {
  const field = useFieldContext<string>()
  const show = useFormText()
  return (
    <Field
      {...props}
      name={field.name}
      value={field.state.value}
      error={show(fieldError(field))}
      onBlur={field.handleBlur}
      onChange={(v) => changeField(field, normalize ? normalize(v) : v)}
    />
  )
}

/** A password input (show/hide toggle) bound to the surrounding `form.AppField`. */
function SecretField(props: Omit<BoundFieldProps, 'type' | 'suffix' | 'normalize'>) {
  const field = useFieldContext<string>()
  const show = useFormText()
  return (
    <PasswordField
      {...props}
      name={field.name}
      value={field.state.value}
      error={show(fieldError(field))}
      onBlur={field.handleBlur}
      onChange={(v) => changeField(field, v)}
    />
  )
}

/** The `<form>`: submits through TanStack (checks, then `onSubmit`); afterwards focus goes to what to fix. */
function Form({ children, ...rest }: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'>) {
  const form = useFormContext()
  const ref = useRef<HTMLFormElement>(null)
  return (
    <form
      {...rest}
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        e.stopPropagation()
        if (form.state.isSubmitting) return
        clearSubmitProblems(form)
        void form.handleSubmit().then(() => {
          // After React has painted the errors: keyboard and screen-reader users land on the first one.
          requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
        })
      }}
    >
      {children}
    </form>
  )
}

/** The submit button: disabled and busy (spinner, or `busyLabel`) while the form is being sent. */
function SubmitButton({
  children,
  busyLabel,
  className,
  disabled = false,
  testId,
}: {
  children: ReactNode
  busyLabel?: ReactNode
  className?: string
  /** `data-testid` of the button. */
  testId?: string
  /** Disabled besides while submitting (e.g. offline: the form says why next to it). */
  disabled?: boolean
}) {
  const form = useFormContext()
  return (
    <form.Subscribe selector={(s) => s.isSubmitting}>
      {(busy) => (
        <button
          type="submit"
          className={className ?? 'btn btn--primary btn--block'}
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          data-testid={testId}
        >
          {busy && busyLabel === undefined && <Spinner size={18} />}
          {busy && busyLabel !== undefined ? busyLabel : children}
        </button>
      )}
    </form.Subscribe>
  )
}

/** The form's own error line (a failure that names no field of the form), or nothing. */
function FormProblem() {
  const form = useFormContext()
  const show = useFormText()
  return (
    <form.Subscribe selector={(s) => s.errorMap.onServer as FormText | undefined}>
      {(text) => <FormError>{show(text)}</FormError>}
    </form.Subscribe>
  )
}

/**
 * `useAppForm(options)`: TanStack's `useForm` with the app's field components (`field.TextField`,
 * `field.SecretField` inside `form.AppField`) and form components (`form.Form`, `form.SubmitButton`,
 * `form.FormProblem` inside `form.AppForm`).
 */
export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, SecretField },
  formComponents: { Form, SubmitButton, FormProblem },
})
