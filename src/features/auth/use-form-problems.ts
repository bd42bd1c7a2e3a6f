/**
 * Error state of an account form: a problem per field and one form-level line, each a translated string (the
 * server's) or a Lingui message (ours, translated when shown). After a failed submit, focus goes to the first field
 * marked invalid, so keyboard and screen-reader users land on what to fix.
 */
import { useLingui } from '@lingui/react'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import type { FormText } from './form-errors'
import { callProblem } from './form-errors'
import type { AuthField, FieldErrors } from './validation'

export type FieldTexts = Partial<Record<AuthField, FormText>>

export interface FormProblems {
  /** Translated problem of `field`, or undefined. */
  fieldError(field: AuthField): string | undefined
  /** Translated form-level problem, or undefined. */
  formError: string | undefined
  /** Shows the client-side check's problems (replacing all others) and focuses the first. */
  showChecks(errors: FieldErrors): void
  /** Shows a failed call: under its field when the server named one, else as the form's line. */
  showCallError(err: unknown): void
  /** Forgets the problem of `fields` (the user is fixing them), or every problem when called without. */
  clear(...fields: AuthField[]): void
}

export function useFormProblems(form: RefObject<HTMLFormElement | null>): FormProblems {
  const { i18n } = useLingui()
  const [fields, setFields] = useState<FieldTexts>({})
  const [formText, setFormText] = useState<FormText | undefined>()
  const [focusRequest, setFocusRequest] = useState(0)
  const lastFocus = useRef(0)
  useEffect(() => {
    if (focusRequest === lastFocus.current) return
    lastFocus.current = focusRequest
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest, form])
  const text = (v: FormText | undefined) => (v === undefined ? undefined : typeof v === 'string' ? v : i18n._(v))
  const showChecks = useCallback((errors: FieldErrors) => {
    setFields(errors)
    setFormText(undefined)
    setFocusRequest((n) => n + 1)
  }, [])
  const showCallError = useCallback((err: unknown) => {
    const p = callProblem(err)
    if (p.field) {
      setFields({ [p.field]: p.text })
      setFormText(undefined)
      setFocusRequest((n) => n + 1)
    } else {
      setFields({})
      setFormText(p.text)
    }
  }, [])
  const clear = useCallback((...names: AuthField[]) => {
    if (names.length === 0) {
      setFields({})
      setFormText(undefined)
      return
    }
    setFields((prev) => {
      if (!names.some((n) => n in prev)) return prev
      const next = { ...prev }
      for (const n of names) delete next[n]
      return next
    })
  }, [])
  return { fieldError: (f) => text(fields[f]), formError: text(formText), showChecks, showCallError, clear }
}
