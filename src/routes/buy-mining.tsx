import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { BuyScreen, loadProducts } from '../features/financial'
import { PageHeader } from '../ui/PageHeader'

/** `?id=` the product to subscribe to (a positive integer; anything else: none, and the screen says so). */
const searchSchema = z.object({
  id: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))), undefined),
})

/**
 * /buy-mining: subscribing to a financial product (spec §2): its terms, the amount with the expected income, then
 * "Do you confirm the order?". The terms are public; the form needs a session (signed out: a login prompt).
 */
export const Route = createFileRoute('/buy-mining')({
  validateSearch: searchSchema,
  loader: ({ context }) => loadProducts(context.api),
  staleTime: 30_000,
  component: BuyMiningPage,
})

function BuyMiningPage() {
  const { products } = Route.useLoaderData()
  const { id } = Route.useSearch()
  const { t } = useLingui()
  return (
    <div className="page">
      <PageHeader title={t({ id: 'page.buyMining', message: 'Subscribe' })} />
      <BuyScreen products={products} id={id} />
    </div>
  )
}
