import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { DailyIncome, IncomePart } from '../../../common/api/income'
import { INCOME_PARTS } from '../../../common/api/income'
import { formatAmount, trendOf } from '../../lib/format'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { WALLET_LABELS } from './wallet-labels'

/** The name of each part of today's income (common/api/income.ts INCOME_PARTS). */
export const INCOME_PART_LABELS: Record<IncomePart, MessageDescriptor> = {
  holdings: msg({ id: 'assets.income.holdings', message: 'Price change of coins held' }),
  trading: msg({ id: 'assets.income.trading', message: 'Spot trades' }),
  realized_pnl: msg({ id: 'assets.income.realized', message: 'Futures realized PnL' }),
  unrealized_pnl: msg({ id: 'assets.income.unrealized', message: 'Change in futures unrealized PnL' }),
  funding: msg({ id: 'assets.income.funding', message: 'Futures funding' }),
  options: msg({ id: 'assets.income.options', message: 'Options results' }),
  yield: msg({ id: 'assets.income.yield', message: 'Wealth product income' }),
  fees: msg({ id: 'assets.income.fees', message: 'Fees' }),
}

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * Today's income and what it is made of (assets/daily_income, issue 24 part 4): since 00:00 on this device's clock,
 * each part in USDT, then per account; deposits, withdrawals and transfers are not income. Loaded when opened.
 */
export function IncomeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const [income, setIncome] = useState<DailyIncome | null | undefined>(undefined)
  useEffect(() => {
    if (!open) return
    let live = true
    api.dailyIncome({ silent: true }).then(
      (data) => live && setIncome(data),
      () => live && setIncome(null),
    )
    return () => {
      live = false
    }
  }, [api, open])
  // Cleared on close, so the next opening shows its own figures, never the last ones.
  const close = () => {
    setIncome(undefined)
    onClose()
  }
  const zone = income?.time_zone ?? ''
  const usdt = (v: string) => (
    <span className={`as-trend as-trend--${TREND[trendOf(v)]}`}>
      {formatAmount(v, 'USDT', i18n.locale, { signed: true })}
    </span>
  )
  return (
    <Sheet open={open} title={t({ id: 'assets.income.title', message: 'Today’s income' })} onClose={close}>
      <div className="as-income" data-testid="income-sheet">
        {income === undefined ? (
          <div className="as-income__state">
            <Spinner size={20} />
          </div>
        ) : income === null ? (
          <p className="as-income__state" role="alert">
            <Trans id="assets.income.failed">Today’s income could not be loaded.</Trans>
          </p>
        ) : (
          <>
            <p className="as-income__total" data-testid="income-total">
              {usdt(income.income_usdt)} USDT
            </p>
            <p className="as-income__note">
              <Trans id="assets.income.note">
                Since 00:00 ({zone}), in USDT at current prices. Deposits, withdrawals and transfers are not income.
              </Trans>
            </p>
            {!income.complete && (
              <p className="as-income__note" role="note">
                <Trans id="assets.income.incomplete">Some coins had no price: their change is not included.</Trans>
              </p>
            )}
            <dl className="as-income__parts">
              {INCOME_PARTS.map((part) => (
                <div key={part} data-part={part}>
                  <dt>{t(INCOME_PART_LABELS[part])}</dt>
                  <dd>{usdt(income.parts[part])}</dd>
                </div>
              ))}
            </dl>
            <dl className="as-income__wallets">
              {income.wallets.map((w) => (
                <div key={w.wallet} data-wallet={w.wallet}>
                  <dt>{t(WALLET_LABELS[w.wallet])}</dt>
                  <dd>{usdt(w.income_usdt)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </div>
    </Sheet>
  )
}
