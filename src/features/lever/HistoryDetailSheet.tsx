import { Trans, useLingui } from '@lingui/react/macro'
import type { ContractHistory } from '../../../common/api/contract'
import { Sheet } from '../../ui/Sheet'
import { Facts } from './Facts'
import { FeedEventFacts } from './FeedEventFacts'
import { historyFacts } from './history-facts'
import { CLOSE_REASON_LABELS, SIDE_LABELS } from './labels'
import type { PairInfo } from './pair-info'

/** A closed position in full, with the feed event it closed on, in a bottom sheet. */
export function HistoryDetailSheet({
  item: h,
  info,
  onClose,
}: {
  item: ContractHistory
  info: PairInfo
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  return (
    <Sheet open title={t({ id: 'lever.historyDetail', message: 'Position details' })} onClose={onClose}>
      <div className="lv-detail" data-testid="lever-history-detail">
        <p className="lv-detail__head">
          <span className={`lv-side lv-side--${h.side}`}>{t(SIDE_LABELS[h.side])}</span>
          <span className="lv-pos__pair">{info.pair}</span>
          <span className="lv-tag">{h.leverage}×</span>
          <span className="lv-pos__spacer" />
          <span className={`lv-state lv-state--${h.close_reason}`}>{t(CLOSE_REASON_LABELS[h.close_reason])}</span>
        </p>
        <Facts facts={historyFacts(h, info, i18n, true)} />
        <FeedEventFacts item={h} precision={info.precision} />
        <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
          <Trans id="common.close">Close</Trans>
        </button>
      </div>
    </Sheet>
  )
}
