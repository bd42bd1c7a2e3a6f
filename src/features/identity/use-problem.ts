/** A failed identity call placed on a form: under the field the server named, else as the form's error. */
import { useLingui } from '@lingui/react/macro'
import { placeApiProblem } from '../security'

/** Returns a function that turns a rejection into `{ field, text }` (text translated; null when nothing to show). */
export function useApiProblem<K extends string>(fields: readonly K[]) {
  const { i18n } = useLingui()
  return (err: unknown): { field: K | null; text: string | null } => {
    const placed = placeApiProblem(err, fields)
    const text = placed.text === null ? null : typeof placed.text === 'string' ? placed.text : i18n._(placed.text)
    return { field: placed.field, text }
  }
}
