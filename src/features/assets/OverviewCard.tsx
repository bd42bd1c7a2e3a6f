import { Trans, useLingui } from '@lingui/react/macro'
import type { Overview } from '../../../common/api/assets'
import { useState } from 'react'
import { Icon } from '../../ui/Icon'
import { IncomeSheet } from './IncomeSheet'
import { OverviewAge } from './OverviewAge'
import { formatAmount, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * The top of Assets (spec §2): total assets of the book in USDT and today's income, green when up and red when down
 * (a tap lists what it is made of: IncomeSheet); with `savedAt`, the overview is the device's copy and says how old
 * it is.
 */
export function OverviewCard({ overview, savedAt }: { overview: Overview; savedAt: number | null }) {
  const { t, i18n } = useLingui()
  const [incomeOpen, setIncomeOpen] = useState(false)
  const currency = 'USDT'
  return (
    <section className="as-summary" aria-label={t({ id: 'assets.total', message: 'Total assets' })}>
      <p className="as-summary__label">{t({ id: 'assets.totalIn', message: `Total assets (${currency})` })}</p>
      <p className="as-summary__total" data-testid="total-assets">
        {formatAmount(overview.total_usdt, currency, i18n.locale)}
      </p>
      <button
        type="button"
        className="as-summary__income"
        aria-haspopup="dialog"
        onClick={() => setIncomeOpen(true)}
        data-testid="daily-income-open"
      >
        <span>
          <Trans id="assets.dailyIncome">Today’s income</Trans>
        </span>
        <span className={`as-trend as-trend--${TREND[trendOf(overview.daily_income_usdt)]}`} data-testid="daily-income">
          {formatAmount(overview.daily_income_usdt, currency, i18n.locale, { signed: true })} {currency}
        </span>
        <Icon name="chevronRight" size={14} />
      </button>
      <IncomeSheet open={incomeOpen} onClose={() => setIncomeOpen(false)} />
      {savedAt !== null && <OverviewAge savedAt={savedAt} />}
    </section>
  )
}
