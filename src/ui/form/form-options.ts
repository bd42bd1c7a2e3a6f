/**
 * The checks and the submit step every app form shares: client checks run on submit, then again on every edit once
 * a submission was tried (so an error goes away as soon as it is fixed); a failed send is placed by `describe`.
 */
import { revalidateLogic, type AnyFormApi } from '@tanstack/react-form'
import type { FormText } from './form-text'
import { showSubmitProblem, type SubmitProblem } from './submit-problem'

/** Problems of a form's values by field name; empty (or all undefined) when it may be sent. */
export type FieldTexts = Partial<Record<string, FormText | undefined>>

/**
 * TanStack form options for `useAppForm`: `check` is the form's client-side rule set, `send` the call (throwing on
 * failure), `describe` turns what `send` threw into a `SubmitProblem` (src/api `describeFailure`).
 */
export function appFormOptions<V extends object>(opts: {
  defaultValues: V
  check?: (values: V) => FieldTexts
  send: (values: V, form: AnyFormApi) => Promise<void>
  describe: (err: unknown) => SubmitProblem
}) {
  const { check, send, describe } = opts
  return {
    defaultValues: opts.defaultValues,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: {
      onDynamic: ({ value }: { value: V }) => {
        const fields = check?.(value) ?? {}
        return Object.values(fields).some((t) => t !== undefined) ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }: { value: V; formApi: AnyFormApi }) => {
      try {
        await send(value, formApi)
      } catch (err) {
        showSubmitProblem(formApi, describe(err))
      }
    },
  }
}
