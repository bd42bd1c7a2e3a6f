import { KeptAge } from '../kept'

/**
 * The line under a kept overview: how old it is ("Offline — updated 5 minutes ago"), so balances from the device are
 * never taken for current ones.
 * @param savedAt when the kept overview was fetched, epoch ms
 */
export function OverviewAge({ savedAt }: { savedAt: number }) {
  return <KeptAge savedAt={savedAt} className="as-age" />
}
