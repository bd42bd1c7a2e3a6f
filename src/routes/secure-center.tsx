import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { BindEmailSheet, requireSession, SecurityRows } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/** `bind=1` opens the link-e-mail sheet (from the password screens of a wallet account without a password). */
const searchSchema = z.object({ bind: z.catch(z.optional(z.literal(1)), undefined) })

/** /secure-center (spec §2): login password, transaction password, linked e-mail, phone and wallet. */
export const Route = createFileRoute('/secure-center')({
  validateSearch: searchSchema,
  beforeLoad: ({ location }) => requireSession(location.href),
  component: SecureCenterPage,
})

function SecureCenterPage() {
  const { api } = Route.useRouteContext()
  const { bind } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  const { user } = useSessionView()
  useRefreshUserInfo(api)
  const setBind = (open: boolean) => void navigate({ search: open ? { bind: 1 } : {}, replace: true })
  // Linking is for a wallet account without an e-mail; anything else ignores ?bind=1.
  const canBind = !!user?.wallet_address && !user.email
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'page.secureCenter', message: 'Security center' })} />
      {user ? (
        <>
          <SecurityRows user={user} onBind={() => setBind(true)} />
          <BindEmailSheet
            open={canBind && bind === 1}
            needsPassword={!user.has_password}
            onClose={() => setBind(false)}
          />
        </>
      ) : (
        <p className="sec-loading">
          <Trans id="userCenter.loading">Loading your account…</Trans>
        </p>
      )}
    </div>
  )
}
