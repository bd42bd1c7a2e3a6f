import { useLingui } from '@lingui/react/macro'
import type { ContractHistory } from '../../../common/api/contract'
import { Facts } from './Facts'
import { historyFacts } from './history-facts'
import { CLOSE_REASON_LABELS, SIDE_LABELS } from './labels'
import type { PairInfo } from './pair-info'

/**
 * A closed or liquidated position (spec §3 "Contract history"): side, pair, leverage and state (Closed, Take-profit,
 * Stop-loss, Liquidated), then its close or liquidation average price, realized PnL, fee, income and time. A tap
 * opens its detail with the feed event it closed on.
 */
export function HistoryItem({ item: h, info, onOpen }: { item: ContractHistory; info: PairInfo; onOpen: () => void }) {
  const { t, i18n } = useLingui()
  return (
    <li className="lv-history" data-testid={`history-${h.id}`} data-state={h.close_reason}>
      <button type="button" className="lv-history__open" onClick={onOpen}>
        <span className={`lv-side lv-side--${h.side}`}>{t(SIDE_LABELS[h.side])}</span>
        <span className="lv-pos__pair">{info.pair}</span>
        <span className="lv-tag">{h.leverage}×</span>
        <span className="lv-pos__spacer" />
        <span className={`lv-state lv-state--${h.close_reason}`} data-testid="state">
          {t(CLOSE_REASON_LABELS[h.close_reason])}
        </span>
      </button>
      <Facts facts={historyFacts(h, info, i18n)} />
    </li>
  )
}
