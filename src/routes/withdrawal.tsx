import { useLingui } from '@lingui/react/macro'
import { createFileRoute, useRouter } from '@tanstack/react-router'
import { DemoClosed, LoadRetry, PairPicker, RecordsLink, WithdrawForm } from '../features/funds'
import { requireSession } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { sessionKey } from '../state/session-key'
import { currentBook } from '../state/user'
import { PageHeader } from '../ui/PageHeader'

/**
 * /withdrawal (spec §2, §5): pick the currency and network, a saved address (or add one first), the amount (or
 * "All"), see the fee, the arrival amount and what gets frozen, and confirm with the transaction password. Closed in
 * the simulation account.
 */
export const Route = createFileRoute('/withdrawal')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loaderDeps: () => ({ session: sessionKey(), book: currentBook() }),
  gcTime: 0,
  loader: async ({ context }) => {
    const [options, addresses] = await Promise.all([
      context.api.withdrawOptions({ silent: true }),
      context.api.addressList({ silent: true }),
    ]).catch(() => [null, null] as const)
    return options && addresses ? { options: options.options, addresses: addresses.list } : null
  },
  component: WithdrawalPage,
})

function WithdrawalPage() {
  const data = Route.useLoaderData()
  const { api } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const { user } = useSessionView()
  const { t } = useLingui()
  useRefreshUserInfo(api) // has_pay_password may have been set on another device
  const records = t({ id: 'page.withdrawalRecord', message: 'Withdrawal history' })
  return (
    <div className="page fd-page">
      <PageHeader
        title={t({ id: 'page.withdrawal', message: 'Withdraw' })}
        right={<RecordsLink to="/withdrawal-record" label={records} />}
      />
      {user?.book === 'demo' ? (
        <DemoClosed kind="withdrawal" />
      ) : data === null ? (
        <LoadRetry />
      ) : data.options.length === 0 ? (
        <p className="fd-empty">
          {t({ id: 'funds.noWithdrawOptions', message: 'Withdrawals are not available yet.' })}
        </p>
      ) : (
        <div className="fd-body">
          <PairPicker options={data.options}>
            {(option) => (
              <>
                {!option.enabled && (
                  <p className="fd-card fd-noaddress" role="note">
                    {t({ id: 'funds.withdrawPaused', message: 'Withdrawals on this network are paused.' })}
                  </p>
                )}
                <WithdrawForm
                  key={`${option.currency}-${option.chain}`}
                  option={option}
                  addresses={data.addresses.filter((a) => a.currency === option.currency && a.chain === option.chain)}
                  hasPayPassword={user?.has_pay_password ?? false}
                  twoFactor={user?.two_factor ?? false}
                  onAddressesChanged={() => router.invalidate()}
                  onDone={() => void navigate({ to: '/withdrawal-record' })}
                />
              </>
            )}
          </PairPicker>
        </div>
      )}
    </div>
  )
}
