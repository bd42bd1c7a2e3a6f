import { Trans, useLingui } from '@lingui/react/macro'
import type { DepositOption } from '../../../common/api/assets'
import { QrCode } from '../share'
import { copyWithToast } from '../user-center'
import { Icon } from '../../ui/Icon'

/**
 * The platform's address for the chosen currency and network, as a QR code and as text with a copy button; or, when
 * the operator has not set one (or deposits there are paused), a note saying so instead of an address.
 */
export function DepositAddress({ option }: { option: DepositOption }) {
  const { t } = useLingui()
  const { currency, chain, address } = option
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
