import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCanGoBack, useRouteContext, useRouter } from '@tanstack/react-router'
import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN, type UserInfo } from '../../../common/api/account'
import { describeFailure } from '../../api/problem'
import { appFormOptions, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { reloadUserInfo } from '../user-center'
import '../../styles/user-center.css'

const PHRASE = new RegExp(`^[\\p{L}\\p{N}_-]{${ANTI_PHISHING_MIN},${ANTI_PHISHING_MAX}}$`, 'u')

/**
 * /anti-phishing (issue 24 part 7): sets or changes the anti-phishing code that starts every e-mail the venue sends to
 * the account's address, confirmed by the login password (a wallet account without one sets it as it is). Afterwards
 * the user info is re-read and the user returns where they came from.
 */
export function AntiPhishingForm({ user }: { user: UserInfo }) {
  const { api } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const { t } = useLingui()
  const needsPassword = user.has_password
  const form = useAppForm(
    appFormOptions({
      defaultValues: { phrase: user.anti_phishing ?? '', password: '' },
      check: (v) => ({
        phrase: PHRASE.test(v.phrase.trim())
          ? undefined
          : msg({
              id: 'antiPhishing.rule',
              message: `Use ${ANTI_PHISHING_MIN} to ${ANTI_PHISHING_MAX} letters, digits, _ or -`,
            }),
        password:
          needsPassword && !v.password
            ? msg({ id: 'twoFactor.passwordNeeded', message: 'Enter your login password' })
            : undefined,
      }),
      describe: describeFailure,
      send: async (v) => {
        await api.setAntiPhishing(
          { phrase: v.phrase.trim(), ...(needsPassword ? { password: v.password } : {}) },
          { silent: true },
        )
        await reloadUserInfo(api)
        showToast(msg({ id: 'antiPhishing.saved', message: 'Anti-phishing code saved' }), 'success')
        if (canGoBack) router.history.back()
        else await router.navigate({ to: '/secure-center' })
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="sec-form">
        <p className="sec-form__note">
          <Trans id="antiPhishing.note">
            Every e-mail we send you will start with this code. An e-mail in our name without it is fake: do not click
            its links.
          </Trans>
        </p>
        <form.AppField name="phrase">
          {(field) => (
            <field.TextField
              label={t({ id: 'antiPhishing.label', message: 'Anti-phishing code' })}
              autoComplete="off"
              maxLength={ANTI_PHISHING_MAX + 10}
            />
          )}
        </form.AppField>
        {needsPassword && (
          <form.AppField name="password">
            {(field) => (
              <field.SecretField
                label={t({ id: 'security.loginPassword', message: 'Login password' })}
                autoComplete="current-password"
                maxLength={128}
              />
            )}
          </form.AppField>
        )}
        <form.FormProblem />
        <form.SubmitButton className="btn btn--primary btn--block">
          <Trans id="antiPhishing.save">Save</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
