import type { MarketItem } from '../../../common/market'
import { ContractDetailSheet } from './ContractDetailSheet'
import { MicroHistory, type HistoryTab } from './MicroHistory'

/**
 * The /micro-info body: the order history (open / settled) and, over it, the detail of the order `id` (null: none).
 * Which tab and which order are the route's search params, so back closes the detail.
 */
export function MicroInfoScreen({
  markets,
  tab,
  id,
  onTab,
  onOpen,
}: {
  markets: readonly MarketItem[]
  tab: HistoryTab
  id: number | null
  onTab: (tab: HistoryTab) => void
  /** Opens the detail of `id`, or closes it (null). */
  onOpen: (id: number | null) => void
}) {
  return (
    <>
      <MicroHistory tab={tab} onTab={onTab} markets={markets} onOpen={onOpen} />
      <ContractDetailSheet id={id} markets={markets} onClose={() => onOpen(null)} />
    </>
  )
}
