import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import {
  DemoClosed,
  DepositAddress,
  DepositClaimForm,
  DepositNotes,
  LoadRetry,
  PairPicker,
  RecordsLink,
} from '../features/funds'
import { requireSession } from '../features/security'
import { useSessionView } from '../features/user-center'
import { sessionKey } from '../state/session-key'
import { currentBook } from '../state/user'
import { PageHeader } from '../ui/PageHeader'

/**
 * /deposit (spec §2, §9): pick the currency and network. On a network the venue watches (issue 23: ETH and
 * USDT-ERC20 with a chain configured), the user's own address (QR code, copy), its minimum and confirmation rule: the
 * deposit is credited by confirmations, no form. Elsewhere the platform's address and the deposit notes, then what
 * was sent (amount, sending address, optional hash and screenshot) for an operator to credit. Closed in the
 * simulation account.
 */
export const Route = createFileRoute('/deposit')({
  beforeLoad: ({ location }) => requireSession(location.href),
  loaderDeps: () => ({ session: sessionKey(), book: currentBook() }),
  gcTime: 0,
  loader: ({ context }) => context.api.depositOptions({ silent: true }).catch(() => null),
  component: DepositPage,
})

function DepositPage() {
  const data = Route.useLoaderData()
  const navigate = Route.useNavigate()
  const { user } = useSessionView()
  const { t } = useLingui()
  const records = t({ id: 'page.depositRecord', message: 'Deposit history' })
  const options = data?.options ?? []
  return (
    <div className="page fd-page">
      <PageHeader
        title={t({ id: 'page.deposit', message: 'Deposit' })}
        right={<RecordsLink to="/deposit-record" label={records} />}
      />
      {user?.book === 'demo' ? (
        <DemoClosed kind="deposit" />
      ) : data === null ? (
        <LoadRetry />
      ) : options.length === 0 ? (
        <p className="fd-empty">{t({ id: 'funds.noDepositOptions', message: 'Deposits are not available yet.' })}</p>
      ) : (
        <div className="fd-body">
          <PairPicker options={options}>
            {(option) => (
              <>
                <DepositAddress option={option} />
                {/* The notes say "send … to this address": only where there is one to send to. */}
                {option.enabled && (option.watched === true || option.address) && (
                  <DepositNotes currency={option.currency} chain={option.chain} watched={option.watched === true} />
                )}
                {!option.watched && option.address && option.enabled && (
                  <DepositClaimForm
                    key={`${option.currency}-${option.chain}`}
                    option={option}
                    onDone={() => void navigate({ to: '/deposit-record' })}
                  />
                )}
              </>
            )}
          </PairPicker>
        </div>
      )}
    </div>
  )
}
