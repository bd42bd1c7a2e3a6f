/**
 * Where a refused or failed submission shows on a TanStack form: under the field the caller names (kept as the
 * field's `onServer` error until the user edits that field), else as the form's own line (the form's `onServer`
 * error). What a failure means (which field, which words) is decided outside src/ui (src/api `describeFailure`).
 */
import type { AnyFormApi } from '@tanstack/react-form'
import type { FormText } from './form-text'

/** A failure placed on a form: `field` null = the whole form; `text` null = nothing to show. */
export interface SubmitProblem {
  field: string | null
  text: FormText | null
}

/** Shows `problem` on `form`: under its field when the form has that field, else as the form's line. */
export function showSubmitProblem(form: AnyFormApi, problem: SubmitProblem): void {
  const { field, text } = problem
  if (text === null) return
  if (field !== null && field in (form.state.values as object)) setFieldProblem(form, field, text)
  else form.setErrorMap({ ...form.state.errorMap, onServer: text })
}

/** Shows `text` under `field` (e.g. a send-code refusal, or a check made outside the form's validator). */
export function setFieldProblem(form: AnyFormApi, field: string, text: FormText | undefined): void {
  form.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { ...meta?.errorMap, onServer: text } }))
}

/** Forgets every shown failure (a new submission starts clean). */
export function clearSubmitProblems(form: AnyFormApi): void {
  for (const field of Object.keys(form.state.fieldMeta)) {
    if (form.state.fieldMeta[field]?.errorMap.onServer !== undefined) setFieldProblem(form, field, undefined)
  }
  if (form.state.errorMap.onServer !== undefined) form.setErrorMap({ ...form.state.errorMap, onServer: undefined })
}
