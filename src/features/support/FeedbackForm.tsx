import { useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_TITLE_MAX,
  cleanText,
  type FeedbackType,
} from '../../../common/api/support'
import { FormError, Field } from '../../ui/form/Field'
import { FeedbackTypePicker } from './FeedbackTypePicker'
import { feedbackProblem, type FeedbackField, type ShownText } from './form-problem'

export interface FeedbackDraft {
  type: FeedbackType
  title: string
  content: string
}

/**
 * The feedback form (spec §5: type, title and content required): a type picker, a one-line title and the text, each
 * with a character counter. `onSubmit` sends the cleaned draft; a rejection is shown under its field or above the
 * form, and the draft stays for another try.
 */
export function FeedbackForm({ onSubmit }: { onSubmit(draft: FeedbackDraft): Promise<void> }) {
  const { t, i18n } = useLingui()
  const ids = { type: useId(), content: useId() }
  const [type, setType] = useState<FeedbackType | null>(null)
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [errors, setErrors] = useState<Partial<Record<FeedbackField, ShownText>>>({})
  const [formError, setFormError] = useState<ShownText | null>(null)
  const [sending, setSending] = useState(false)
  const show = (text: ShownText | undefined | null) => (text == null ? undefined : typeof text === 'string' ? text : i18n._(text))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (sending) return
    const draft = { title: cleanText(title, true), content: cleanText(content) }
    const found: Partial<Record<FeedbackField, ShownText>> = {}
    if (!type) found.type = t({ id: 'support.form.typeRequired', message: 'Choose the type of your question' })
    if (!draft.title) found.title = t({ id: 'support.form.titleRequired', message: 'Enter a title' })
    if (!draft.content) found.content = t({ id: 'support.form.contentRequired', message: 'Describe your question' })
    setErrors(found)
    setFormError(null)
    if (!type || Object.keys(found).length > 0) return
    setSending(true)
    try {
      await onSubmit({ type, ...draft })
    } catch (err) {
      const problem = feedbackProblem(err)
      if (problem.field) setErrors({ [problem.field]: problem.text ?? undefined })
      else setFormError(problem.text)
    } finally {
      setSending(false)
    }
  }
  const clear = (field: FeedbackField) => errors[field] && setErrors({ ...errors, [field]: undefined })

  return (
    <form className="fb-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormError>{show(formError)}</FormError>
      <div className={errors.type ? 'field field--error' : 'field'}>
        <span className="field__label" id={ids.type}>
          {t({ id: 'support.form.type', message: 'Type' })}
        </span>
        <FeedbackTypePicker
          value={type}
          labelId={ids.type}
          error={show(errors.type)}
          onChange={(v) => {
            setType(v)
            clear('type')
          }}
        />
        {errors.type && <p className="field__error" role="alert">{show(errors.type)}</p>}
      </div>
      <Field
        label={t({ id: 'support.form.title', message: 'Title' })}
        placeholder={t({ id: 'support.form.titlePlaceholder', message: 'In a few words, what is it about?' })}
        value={title}
        maxLength={FEEDBACK_TITLE_MAX}
        error={show(errors.title)}
        onChange={(v) => {
          setTitle(v)
          clear('title')
        }}
        suffix={<span className="fb-count" aria-hidden="true">{`${title.length}/${FEEDBACK_TITLE_MAX}`}</span>}
      />
      <div className={errors.content ? 'field field--error' : 'field'}>
        <label className="field__label" htmlFor={ids.content}>
          {t({ id: 'support.form.content', message: 'Content' })}
        </label>
        <div className="field__box fb-area">
          <textarea
            id={ids.content}
            className="field__input fb-area__input"
            rows={7}
            value={content}
            maxLength={FEEDBACK_CONTENT_MAX}
            placeholder={t({
              id: 'support.form.contentPlaceholder',
              message: 'What did you do, what did you expect, and what happened? Add times, amounts or transaction hashes if they matter.',
            })}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${ids.content}-note`}
            onChange={(e) => {
              setContent(e.target.value)
              clear('content')
            }}
          />
        </div>
        <p id={`${ids.content}-note`} className={`${errors.content ? 'field__error' : 'field__hint'} fb-area__note`} role={errors.content ? 'alert' : undefined}>
          {errors.content ? show(errors.content) : t({ id: 'support.form.noSecrets', message: 'Never include passwords or verification codes.' })}
          <span className="fb-count">{`${content.length}/${FEEDBACK_CONTENT_MAX}`}</span>
        </p>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={sending} aria-busy={sending}>
        {sending ? t({ id: 'support.form.sending', message: 'Submitting…' }) : t({ id: 'support.form.submit', message: 'Submit' })}
      </button>
    </form>
  )
}
