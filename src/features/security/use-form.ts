/**
 * State of one security form: values, per-field errors, the form error, and a submit that checks first (form-rules),
 * then sends, and places a server refusal under its field or as the form error (api-problem). One submit at a time.
 */
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { checkForm, isClean, type FormRules } from './form-rules'
import { placeApiProblem } from './api-problem'
import { problemText } from './problem-text'

/** Props a Field / PasswordField takes from the form. */
export interface FieldBinding {
  value: string
  error: string | undefined
  onChange(value: string): void
}

/** The form API of `useForm`. */
export interface FormState<K extends string> {
  values: Record<K, string>
  bind(field: K): FieldBinding
  /** Shows `text` under `field` (e.g. a send-code refusal). */
  setFieldError(field: K, text: string): void
  formError: string | null
  setFormError(text: string | null): void
  busy: boolean
  /** Places a failed call's message under the field it names, or as the form error. */
  showApiProblem(err: unknown): void
  /** Checks `rules`; when clean, runs `send`; a rejection of `send` is placed on the form. */
  submit(rules: FormRules<K>, send: (values: Record<K, string>) => Promise<void>): Promise<void>
}

/** A form over the fields of `initial`. */
export function useForm<K extends string>(initial: Record<K, string>): FormState<K> {
  const { i18n } = useLingui()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const fields = Object.keys(initial) as K[]

  const bind = (field: K): FieldBinding => ({
    value: values[field],
    error: errors[field],
    onChange: (v) => {
      setValues((s) => ({ ...s, [field]: v }))
      setErrors((e) => ({ ...e, [field]: undefined }))
    },
  })
  const setFieldError = (field: K, text: string) => setErrors((e) => ({ ...e, [field]: text }))

  const showApiProblem = (err: unknown) => {
    const placed = placeApiProblem(err, fields)
    const text = placed.text === null ? null : typeof placed.text === 'string' ? placed.text : i18n._(placed.text)
    if (placed.field && text) setFieldError(placed.field, text)
    else setFormError(text)
  }

  const submit = async (rules: FormRules<K>, send: (v: Record<K, string>) => Promise<void>) => {
    if (busy) return
    const problems = checkForm(values, rules)
    setFormError(null)
    if (!isClean(problems)) {
      const shown: Partial<Record<K, string>> = {}
      for (const k of fields) if (problems[k]) shown[k] = problemText(i18n, problems[k])
      setErrors(shown)
      return
    }
    setBusy(true)
    try {
      await send(values)
    } catch (err) {
      showApiProblem(err)
    } finally {
      setBusy(false)
    }
  }
  return { values, bind, setFieldError, formError, setFormError, busy, showApiProblem, submit }
}
