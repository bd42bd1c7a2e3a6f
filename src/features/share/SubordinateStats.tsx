import { Trans } from '@lingui/react/macro'
import '../../styles/share.css'

/** Direct subordinates (invited by the user) and total subordinates (all levels below), spec §3 Share. */
export function SubordinateStats({ direct, total, locale }: { direct: number; total: number; locale: string }) {
  const fmt = new Intl.NumberFormat(locale)
  return (
    <div className="share-stats">
      <div className="share-stats__item">
        <span className="share-stats__value">{fmt.format(direct)}</span>
        <span className="share-stats__label">
          <Trans id="share.direct">Direct subordinates</Trans>
        </span>
      </div>
      <div className="share-stats__item">
        <span className="share-stats__value">{fmt.format(total)}</span>
        <span className="share-stats__label">
          <Trans id="share.total">Total subordinates</Trans>
        </span>
      </div>
    </div>
  )
}
