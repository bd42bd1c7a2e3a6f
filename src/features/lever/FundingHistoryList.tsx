import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback } from 'react'
import { parseDecimal, sign } from '../../../common/amount'
import type { ContractFundingPayment } from '../../../common/api/contract'
import type { Api } from '../../api'
import { formatUtcDateTime } from '../../lib/dates'
import { PAGE_SIZE, RecordList, usePagedList } from '../funds'
import { Facts } from './Facts'
import { formatFundingRate } from './funding-format'
import { formatLeverPrice } from './format'
import { SIDE_LABELS } from './labels'
import type { PairInfo } from './pair-info'
import { formatAmount, formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * The user's funding payments (GET contract/funding_history), newest first, page by page: side, pair, then the
 * payment (negative: paid), the rate, the position's size and mark price at the funding time, what it could not
 * cover, and the funding time. Read again whenever `version` changes.
 */
export function FundingHistoryList({
  api,
  version,
  pairOf,
}: {
  api: Pick<Api, 'contractFundingHistory'>
  version: string
  pairOf: (symbol: string) => PairInfo
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const fetchPage = useCallback(
    (page: number, silent: boolean) => api.contractFundingHistory({ page, limit: PAGE_SIZE }, { silent }),
    [api],
  )
  const list = usePagedList<ContractFundingPayment>(fetchPage, version)
  return (
    <RecordList list={list} empty={<Trans id="lever.noFunding">No funding payments yet</Trans>}>
      {(f) => {
        const info = pairOf(f.symbol)
        const money = (v: string) => `${formatAmount(v, info.quote, loc, { signed: true })} ${info.quote}`
        const short = sign(parseDecimal(f.shortfall)) > 0
        return (
          <li key={f.id} className="lv-history" data-testid={`funding-${f.id}`}>
            <div className="lv-history__open">
              <span className={`lv-side lv-side--${f.side}`}>{t(SIDE_LABELS[f.side])}</span>
              <span className="lv-pos__pair">{info.pair}</span>
              <span className="lv-pos__spacer" />
              <span className={`trend--${TREND[trendOf(f.payment)]}`} data-testid="payment">
                {money(f.payment)}
              </span>
            </div>
            <Facts
              facts={[
                ['rate', t({ id: 'lever.fundingRate', message: 'Funding rate' }), formatFundingRate(f.rate, loc)],
                [
                  'size',
                  t({ id: 'lever.size', message: 'Size' }),
                  `${formatMoney(f.amount, loc, { minScale: 0 })} ${info.base}`,
                ],
                [
                  'mark-price',
                  t({ id: 'lever.markPrice', message: 'Mark price' }),
                  formatLeverPrice(f.mark_price, info.precision, loc),
                ],
                [
                  'shortfall',
                  t({ id: 'lever.fundingShortfall', message: 'Not covered' }),
                  short ? `${formatAmount(f.shortfall, info.quote, loc)} ${info.quote}` : null,
                ],
                ['time', t({ id: 'lever.fundingTime', message: 'Funding time' }), formatUtcDateTime(f.funding_time)],
              ]}
            />
          </li>
        )
      }}
    </RecordList>
  )
}
