import { Trans, useLingui } from '@lingui/react/macro'
import type { ProofLatest, ProofMine } from '../../../common/api/proof'
import Big from 'big.js'
import { checkProof } from '../../../common/proof/verify'
import '../../styles/funds.css'

/**
 * Reserves ÷ liabilities as a percentage with two decimals, rounded down (a venue holding 99.999 % shows 99.99 %,
 * never 100.00 %); "—" without reserves or without liabilities.
 */
export function reserveRatio(reserves: string | null, liabilities: string): string {
  if (reserves === null || new Big(liabilities).eq(0)) return '—'
  return `${new Big(reserves).div(liabilities).times(100).round(2, Big.roundDown).toFixed(2)} %`
}

/**
 * The proof of liabilities checked on this device (issue 23 part 6): the leaf must be the signed-in user's
 * (`userId`), and with its path hash up to the published root with every sum ≥ 0 (common/proof/verify.ts, the code
 * `npm run verify-proof` runs); then what it shows — included or not, the liabilities per currency, the reserves and
 * their ratio to the liabilities (or that no reserves are published yet). `userId` null: the user is not known yet, nothing is claimed.
 */
export function ProofReport({ latest, mine, userId }: { latest: ProofLatest; mine: ProofMine; userId: number | null }) {
  const { t } = useLingui()
  if (userId === null) {
    return (
      <p className="fd-empty" role="status">
        {t({ id: 'ptr.loading', message: 'Loading…' })}
      </p>
    )
  }
  if (!latest) {
    return (
      <p className="fd-empty">
        <Trans id="proof.none">No proof of reserves has been published yet.</Trans>
      </p>
    )
  }
  const time = `${latest.created_at} UTC`
  const check = mine ? checkProof({ latest, mine }, userId) : undefined
  const yours = new Map((check?.ok ? check.balances : []).map((b) => [b.currency, b.amount]))
  const noReserves = latest.totals.every((x) => x.reserves === null)
  const reason = check?.ok === false ? check.failure : ''
  const ratioLabel = (currency: string) => t({ id: 'proof.ratioOf', message: `Reserve ratio, ${currency}` })
  return (
    <div className="fd-body">
      {!mine ? (
        <p className="fd-card" role="status">
          <Trans id="proof.notIncluded">
            This proof holds no leaf for you. If you held funds at {time}, contact support.
          </Trans>
        </p>
      ) : check?.ok ? (
        <p className="fd-card pf-verdict pf-verdict--ok" role="status">
          <Trans id="proof.included">
            Verified on this device: your balances are included in the liabilities of {time}.
          </Trans>
        </p>
      ) : (
        <p className="fd-card pf-verdict pf-verdict--bad" role="alert">
          <Trans id="proof.failed">This proof does not verify ({reason}). Contact support.</Trans>
        </p>
      )}
      <div className="fd-card">
        <table className="pf-table">
          <thead>
            <tr>
              <th scope="col">{t({ id: 'proof.currency', message: 'Currency' })}</th>
              {check?.ok && <th scope="col">{t({ id: 'proof.yours', message: 'Yours' })}</th>}
              <th scope="col">{t({ id: 'proof.liabilities', message: 'Owed to users' })}</th>
              <th scope="col">{t({ id: 'proof.reserves', message: 'Reserves' })}</th>
            </tr>
          </thead>
          <tbody>
            {latest.totals.map((x) => (
              <tr key={x.currency}>
                <th scope="row">{x.currency}</th>
                {check?.ok && <td>{yours.get(x.currency) ?? '0'}</td>}
                <td>{x.liabilities}</td>
                <td>{x.reserves ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!noReserves && (
        <dl className="fd-card fd-facts">
          {latest.totals.map((x) => (
            <div key={x.currency} className="fd-facts__row">
              <dt>{ratioLabel(x.currency)}</dt>
              <dd data-testid={`proof-ratio-${x.currency}`}>{reserveRatio(x.reserves, x.liabilities)}</dd>
            </div>
          ))}
        </dl>
      )}
      {noReserves && (
        <p className="pf-note">
          <Trans id="proof.noReserves">Reserves are not published yet: no blockchain is read for this proof.</Trans>
        </p>
      )}
      <dl className="fd-card fd-facts">
        <div className="fd-facts__row">
          <dt>{t({ id: 'proof.number', message: 'Proof' })}</dt>
          <dd>#{latest.id}</dd>
        </div>
        <div className="fd-facts__row">
          <dt>{t({ id: 'proof.accounts', message: 'Accounts in it' })}</dt>
          <dd>{latest.leaf_count}</dd>
        </div>
        <div className="fd-facts__row">
          <dt>{t({ id: 'proof.root', message: 'Root hash' })}</dt>
          <dd className="pf-hash">{latest.root}</dd>
        </div>
      </dl>
      <p className="pf-note">
        <Trans id="proof.how">
          How it is checked: your balances and a secret salt make your leaf; with the hashes and sums along its path it
          must hash to the published root, add up to the totals, and no sum may be negative. Only your own balances and
          the totals are shown here.
        </Trans>
      </p>
    </div>
  )
}
