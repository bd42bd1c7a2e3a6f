import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import {
  BASIC_FIELDS,
  basicFieldProblems,
  CITY_MAX,
  EMAIL_MAX,
  ID_NUMBER_MAX,
  NAME_MAX,
  normalizeBasic,
  type BasicField,
  type IdentityInfo,
} from '../../../common/api/identity'
import { Field, FormError } from '../../ui/form/Field'
import { showToast } from '../../ui/toast'
import { BASIC_PROBLEMS } from './field-problems'
import { useApiProblem } from './use-problem'

type Values = Record<BasicField, string>

/**
 * The basic tier (spec §5: name, ID number, city and email, all required). Checked with the server's own rules
 * before sending; a refusal lands under the field the server names. `initial` pre-fills a re-submission.
 */
export function BasicForm({ initial, onDone }: { initial: Values; onDone(info: IdentityInfo): void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<BasicField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const placeProblem = useApiProblem(BASIC_FIELDS)

  const bind = (field: BasicField) => ({
    value: values[field],
    error: errors[field],
    onChange: (v: string) => {
      setValues((s) => ({ ...s, [field]: v }))
      setErrors((e) => ({ ...e, [field]: undefined }))
    },
  })

  const submit = async () => {
    if (busy) return
    setFormError(null)
    const problems = basicFieldProblems(normalizeBasic(values))
    const shown: Partial<Record<BasicField, string>> = {}
    for (const f of BASIC_FIELDS) {
      const descriptor = problems[f] && BASIC_PROBLEMS[f][problems[f]]
      if (descriptor) shown[f] = i18n._(descriptor)
    }
    setErrors(shown)
    if (Object.keys(shown).length > 0) return
    setBusy(true)
    try {
      const info = await api.submitIdentityBasic(values, { silent: true })
      showToast(msg({ id: 'identity.submitted', message: 'Submitted' }), 'success')
      onDone(info)
    } catch (err) {
      const { field, text } = placeProblem(err)
      if (field && text) setErrors((e) => ({ ...e, [field]: text }))
      else setFormError(text)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="id-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Field {...bind('name')} label={t({ id: 'identity.field.name', message: 'Name' })} placeholder={t({ id: 'identity.placeholder.name', message: 'Full name as on your document' })} autoComplete="name" maxLength={NAME_MAX + 16} />
      <Field
        {...bind('id_number')}
        label={t({ id: 'identity.field.idNumber', message: 'ID number' })}
        placeholder={t({ id: 'identity.placeholder.idNumber', message: 'Number of your ID card or licence' })}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={ID_NUMBER_MAX + 8}
      />
      <Field {...bind('city')} label={t({ id: 'identity.field.city', message: 'City' })} placeholder={t({ id: 'identity.placeholder.city', message: 'City where you live' })} autoComplete="address-level2" maxLength={CITY_MAX + 16} />
      <Field {...bind('email')} label={t({ id: 'identity.field.email', message: 'Email' })} placeholder={t({ id: 'identity.placeholder.email', message: 'Email we can reach you at' })} type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX} />
      <p className="id-form__note">
        <Trans id="identity.basic.privacy">Only our review team can see these details.</Trans>
      </p>
      <FormError>{formError}</FormError>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? <Trans id="identity.submitting">Submitting…</Trans> : <Trans id="identity.submit">Submit</Trans>}
      </button>
    </form>
  )
}
