import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { DepositAddress as OwnAddress, DepositOption } from '../../../common/api/assets'
import { QrCode } from '../share'
import { copyWithToast } from '../user-center'
import { Icon } from '../../ui/Icon'
import { Spinner } from '../../ui/Spinner'
import { formatMoney } from '../../lib/format'

/**
 * The platform's address for the chosen currency and network, as a QR code and as text with a copy button; or, when
 * the operator has not set one (or deposits there are paused), a note saying so instead of an address.
 */
export function DepositAddress({ option }: { option: DepositOption }) {
  const { t } = useLingui()
  const { currency, chain, address } = option
  if (option.watched && option.enabled) return <OwnDepositAddress option={option} />
  if (!address || !option.enabled) {
    return (
      <div className="fd-card fd-noaddress" role="note">
        <Icon name="info" size={20} />
        <p>
          {!address ? (
            <Trans id="funds.noDepositAddress">No deposit address for this network yet.</Trans>
          ) : (
            <Trans id="funds.depositPaused">Deposits on this network are paused.</Trans>
          )}{' '}
          <Trans id="funds.tryOtherNetwork">Choose another network or contact customer service.</Trans>
        </p>
      </div>
    )
  }
  return (
    <section className="fd-card fd-address">
      <QrCode
        text={address}
        size={168}
        label={t({ id: 'funds.addressQr', message: `QR code of the ${currency} deposit address on ${chain}` })}
      />
      <p className="fd-address__label">
        <Trans id="funds.depositAddress">
          Deposit address ({currency}, {chain})
        </Trans>
      </p>
      <p className="fd-address__text" data-testid="deposit-address">
        {address}
      </p>
      <button type="button" className="btn btn--ghost fd-address__copy" onClick={() => copyWithToast(address)}>
        <Icon name="copy" size={16} />
        <Trans id="funds.copyAddress">Copy address</Trans>
      </button>
    </section>
  )
}

/**
 * A watched pair (issue 23): the user's own address from `assets/deposit_address` (the same on every visit) as a QR
 * code and text, the minimum, the token's contract and the confirmation rule; credited without a claim.
 */
function OwnDepositAddress({ option }: { option: DepositOption }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const { currency, chain } = option
  const [own, setOwn] = useState<{ key: string; data: OwnAddress | null } | null>(null)
  const key = `${currency}-${chain}`
  useEffect(() => {
    let live = true
    api.depositAddress({ currency, chain }, { silent: true }).then(
      (data) => live && setOwn({ key, data }),
      () => live && setOwn({ key, data: null }),
    )
    return () => {
      live = false
    }
  }, [api, currency, chain, key])
  const shown = own?.key === key ? own : null
  if (!shown) {
    return (
      <div className="fd-card fd-list-state">
        <Spinner size={20} />
      </div>
    )
  }
  if (!shown.data) {
    return (
      <div className="fd-card fd-noaddress" role="alert">
        <Icon name="info" size={20} />
        <p>
          <Trans id="funds.ownAddressFailed">Your deposit address could not be loaded. Please try again.</Trans>
        </p>
      </div>
    )
  }
  const a = shown.data
  const min = formatMoney(a.min_amount, i18n.locale)
  const confirmations = (count: number) =>
    t({ id: 'funds.confirmationsCount', message: plural(count, { one: '# confirmation', other: '# confirmations' }) })
  return (
    <section className="fd-card fd-address">
      <QrCode
        text={a.address}
        size={168}
        label={t({ id: 'funds.addressQr', message: `QR code of the ${currency} deposit address on ${chain}` })}
      />
      <p className="fd-address__label">
        <Trans id="funds.ownDepositAddress">
          Your {currency} deposit address ({chain})
        </Trans>
      </p>
      <p className="fd-address__text" data-testid="deposit-address">
        {a.address}
      </p>
      <button type="button" className="btn btn--ghost fd-address__copy" onClick={() => copyWithToast(a.address)}>
        <Icon name="copy" size={16} />
        <Trans id="funds.copyAddress">Copy address</Trans>
      </button>
      <dl className="fd-facts fd-address__facts">
        <div className="fd-facts__row">
          <dt>{t({ id: 'funds.minDeposit', message: 'Minimum deposit' })}</dt>
          <dd>
            {min} {currency}
          </dd>
        </div>
        <div className="fd-facts__row">
          <dt>{t({ id: 'funds.creditedAt', message: 'Credited after' })}</dt>
          <dd>{confirmations(a.confirmations_credit)}</dd>
        </div>
        <div className="fd-facts__row">
          <dt>{t({ id: 'funds.withdrawableAt', message: 'Withdrawable after' })}</dt>
          <dd>{confirmations(a.confirmations_withdraw)}</dd>
        </div>
        {a.token_contract && (
          <div className="fd-facts__row">
            <dt>{t({ id: 'funds.tokenContract', message: 'Token contract' })}</dt>
            <dd className="fd-address__contract">{a.token_contract}</dd>
          </div>
        )}
      </dl>
    </section>
  )
}
