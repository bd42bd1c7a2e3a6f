/** The app's form layer: TanStack Form with the design system's fields, failure placement, the send-code countdown. */
export { Field, FormError, PasswordField, type FieldProps } from './Field'
export {
  useAppForm,
  withForm,
  withFieldGroup,
  useFieldContext,
  useFormContext,
  fieldError,
  changeField,
  type BoundFieldProps,
} from './app-form'
export { appFormOptions, type FieldTexts } from './form-options'
export { useFormText, type FormText } from './form-text'
export { clearSubmitProblems, setFieldProblem, showSubmitProblem, type SubmitProblem } from './submit-problem'
export { secondsLeft, useCountdown } from './use-countdown'
