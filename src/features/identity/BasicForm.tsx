import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
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
import { describeFailure } from '../../api/problem'
import { appFormOptions, useAppForm, type FieldTexts } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { BASIC_PROBLEMS } from './field-problems'
import '../../styles/identity.css'

type Values = Record<BasicField, string>

/** The server's own rules on the normalized values, worded for the form. */
function checkBasic(values: Values): FieldTexts {
  const problems = basicFieldProblems(normalizeBasic(values))
  const out: FieldTexts = {}
  for (const f of BASIC_FIELDS) {
    const problem = problems[f]
    if (problem) out[f] = BASIC_PROBLEMS[f][problem]
  }
  return out
}

/**
 * The basic tier (spec §5: name, ID number, city and email, all required). Checked with the server's own rules
 * before sending; a refusal lands under the field the server names. `initial` pre-fills a re-submission.
 */
export function BasicForm({ initial, onDone }: { initial: Values; onDone: (info: IdentityInfo) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: initial,
      check: checkBasic,
      describe: describeFailure,
      send: async (values) => {
        const info = await api.submitIdentityBasic(values, { silent: true })
        showToast(msg({ id: 'identity.submitted', message: 'Submitted' }), 'success')
        onDone(info)
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="id-form">
        <form.AppField name="name">
          {(f) => (
            <f.TextField
              label={t({ id: 'identity.field.name', message: 'Name' })}
              placeholder={t({ id: 'identity.placeholder.name', message: 'Full name as on your document' })}
              autoComplete="name"
              maxLength={NAME_MAX + 16}
            />
          )}
        </form.AppField>
        <form.AppField name="id_number">
          {(f) => (
            <f.TextField
              label={t({ id: 'identity.field.idNumber', message: 'ID number' })}
              placeholder={t({ id: 'identity.placeholder.idNumber', message: 'Number of your ID card or licence' })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={ID_NUMBER_MAX + 8}
            />
          )}
        </form.AppField>
        <form.AppField name="city">
          {(f) => (
            <f.TextField
              label={t({ id: 'identity.field.city', message: 'City' })}
              placeholder={t({ id: 'identity.placeholder.city', message: 'City where you live' })}
              autoComplete="address-level2"
              maxLength={CITY_MAX + 16}
            />
          )}
        </form.AppField>
        <form.AppField name="email">
          {(f) => (
            <f.TextField
              label={t({ id: 'identity.field.email', message: 'Email' })}
              placeholder={t({ id: 'identity.placeholder.email', message: 'Email we can reach you at' })}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
            />
          )}
        </form.AppField>
        <p className="id-form__note">
          <Trans id="identity.basic.privacy">Only our review team can see these details.</Trans>
        </p>
        <form.FormProblem />
        <form.SubmitButton busyLabel={<Trans id="identity.submitting">Submitting…</Trans>}>
          <Trans id="identity.submit">Submit</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
