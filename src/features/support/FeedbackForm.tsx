import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { FEEDBACK_CONTENT_MAX, FEEDBACK_TITLE_MAX, cleanText, type FeedbackType } from '../../../common/api/support'
import { describeFailure } from '../../api/problem'
import { appFormOptions, changeField, fieldError, useAppForm, useFormText } from '../../ui/form'
import { FeedbackTypePicker } from './FeedbackTypePicker'
import '../../styles/support.css'

export interface FeedbackDraft {
  type: FeedbackType
  title: string
  content: string
}

interface Values {
  type: FeedbackType | null
  title: string
  content: string
}

const REQUIRED = {
  type: msg({ id: 'support.form.typeRequired', message: 'Choose the type of your question' }),
  title: msg({ id: 'support.form.titleRequired', message: 'Enter a title' }),
  content: msg({ id: 'support.form.contentRequired', message: 'Describe your question' }),
}

/** The feedback rules of spec §5 (type, title and content required), on the text as it will be sent. */
function checkFeedback(v: Values) {
  return {
    type: v.type ? undefined : REQUIRED.type,
    title: cleanText(v.title, true) ? undefined : REQUIRED.title,
    content: cleanText(v.content) ? undefined : REQUIRED.content,
  }
}

/**
 * The feedback form (spec §5: type, title and content required): a type picker, a one-line title and the text, each
 * with a character counter. `onSubmit` sends the cleaned draft; a rejection is shown under its field or above the
 * form, and the draft stays for another try.
 */
export function FeedbackForm({ onSubmit }: { onSubmit: (draft: FeedbackDraft) => Promise<void> }) {
  const { t } = useLingui()
  const show = useFormText()
  const ids = { type: useId(), content: useId() }
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { type: null, title: '', content: '' },
      check: checkFeedback,
      describe: describeFailure,
      send: async (v) => {
        if (v.type) await onSubmit({ type: v.type, title: cleanText(v.title, true), content: cleanText(v.content) })
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="fb-form">
        <form.FormProblem />
        <form.AppField name="type">
          {(field) => {
            const error = show(fieldError(field))
            return (
              <div className={error ? 'field field--error' : 'field'}>
                <span className="field__label" id={ids.type}>
                  {t({ id: 'support.form.type', message: 'Type' })}
                </span>
                <FeedbackTypePicker
                  value={field.state.value}
                  labelId={ids.type}
                  error={error}
                  onChange={(v) => changeField(field, v)}
                />
                {error && (
                  <p className="field__error" role="alert">
                    {error}
                  </p>
                )}
              </div>
            )
          }}
        </form.AppField>
        <form.AppField name="title">
          {(field) => (
            <field.TextField
              label={t({ id: 'support.form.title', message: 'Title' })}
              placeholder={t({ id: 'support.form.titlePlaceholder', message: 'In a few words, what is it about?' })}
              maxLength={FEEDBACK_TITLE_MAX}
              suffix={
                <span
                  className="fb-count"
                  aria-hidden="true"
                >{`${field.state.value.length}/${FEEDBACK_TITLE_MAX}`}</span>
              }
            />
          )}
        </form.AppField>
        <form.AppField name="content">
          {(field) => {
            const error = show(fieldError(field))
            return (
              <div className={error ? 'field field--error' : 'field'}>
                <label className="field__label" htmlFor={ids.content}>
                  {t({ id: 'support.form.content', message: 'Content' })}
                </label>
                <div className="field__box fb-area">
                  <textarea
                    id={ids.content}
                    name="content"
                    className="field__input fb-area__input"
                    rows={7}
                    value={field.state.value}
                    maxLength={FEEDBACK_CONTENT_MAX}
                    placeholder={t({
                      id: 'support.form.contentPlaceholder',
                      message:
                        'What did you do, what did you expect, and what happened? Add times, amounts or transaction hashes if they matter.',
                    })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${ids.content}-note`}
                    onChange={(e) => changeField(field, e.target.value)}
                  />
                </div>
                <p
                  id={`${ids.content}-note`}
                  className={`${error ? 'field__error' : 'field__hint'} fb-area__note`}
                  role={error ? 'alert' : undefined}
                >
                  {error ??
                    t({ id: 'support.form.noSecrets', message: 'Never include passwords or verification codes.' })}
                  <span className="fb-count">{`${field.state.value.length}/${FEEDBACK_CONTENT_MAX}`}</span>
                </p>
              </div>
            )
          }}
        </form.AppField>
        <form.SubmitButton busyLabel={t({ id: 'support.form.sending', message: 'Submitting…' })}>
          {t({ id: 'support.form.submit', message: 'Submit' })}
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
