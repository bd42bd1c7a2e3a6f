/**
 * Text a form shows: already translated (the server's message, in the request's language) or a Lingui message
 * descriptor translated when rendered, so a language switch never leaves a stale error on screen.
 */
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'

/** A translated string or a message to translate. */
export type FormText = string | MessageDescriptor

/** Returns `show(text)`: the text in the current language, or undefined for none. */
export function useFormText(): (text: FormText | null | undefined) => string | undefined {
  const { i18n } = useLingui()
  return (text) => (text == null || text === '' ? undefined : typeof text === 'string' ? text : i18n._(text))
}
