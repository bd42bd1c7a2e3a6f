import { Trans, useLingui } from '@lingui/react/macro'
import type { Overview } from '../../../common/api/assets'
import { formatMoney, trendOf } from './money-format'
import { OverviewAge } from './OverviewAge'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * The top of Assets (spec §2): total assets of the book in USDT and today's income, green when up and red when down;
 * with `savedAt`, the overview is the device's copy and says how old it is.
 */
export function OverviewCard({ overview, savedAt }: { overview: Overview; savedAt: number | null }) {
  const { t, i18n } = useLingui()
  const currency = 'USDT'
  return (
    <section className="as-summary" aria-label={t({ id: 'assets.total', message: 'Total assets' })}>
      <p className="as-summary__label">{t({ id: 'assets.totalIn', message: `Total assets (${currency})` })}</p>
      <p className="as-summary__total" data-testid="total-assets">
        {formatMoney(overview.total_usdt, i18n.locale)}
      </p>
      <p className="as-summary__income">
        <span>
          <Trans id="assets.dailyIncome">Today’s income</Trans>
        </span>
        <span className={`as-trend as-trend--${TREND[trendOf(overview.daily_income_usdt)]}`} data-testid="daily-income">
          {formatMoney(overview.daily_income_usdt, i18n.locale, { signed: true })} {currency}
        </span>
      </p>
      {savedAt !== null && <OverviewAge savedAt={savedAt} />}
    </section>
  )
}
