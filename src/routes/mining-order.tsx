import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { FINANCIAL_STATES } from '../../common/api/financial'
import { OrdersScreen } from '../features/financial'
import { PageHeader } from '../ui/PageHeader'

/** `?tab=` in_progress or redeemed (default in_progress; anything else falls back to it). */
const searchSchema = z.object({
  tab: z.catch(z._default(z.enum(FINANCIAL_STATES), 'in_progress'), 'in_progress'),
})

/**
 * /mining-order: the user's financial subscriptions, in progress and redeemed, with early redemption (spec §2, §4).
 * Signed out: a login prompt.
 */
export const Route = createFileRoute('/mining-order')({
  validateSearch: searchSchema,
  component: MiningOrderPage,
})

function MiningOrderPage() {
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.miningOrder', message: 'My subscriptions' })} />
      <OrdersScreen tab={tab} onTab={(next) => void navigate({ search: { tab: next }, replace: true })} />
    </div>
  )
}
