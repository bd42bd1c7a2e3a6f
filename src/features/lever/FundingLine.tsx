import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { ContractFunding } from '../../../common/api/contract'
import type { Api } from '../../api'
import { formatCountdown, formatFundingRate } from './funding-format'

/** How often the estimate is read again, ms (the server samples the premium every 5 s). */
const REFRESH_MS = 30_000

/**
 * The perpetual's estimated funding rate (GET contract/funding) and a countdown to the next funding time, ticking
 * each second against the server's funding clock; read again every REFRESH_MS and once the countdown reaches zero.
 * A positive rate: longs pay shorts.
 */
export function FundingLine({ api, symbol }: { api: Pick<Api, 'contractFunding'>; symbol: string }) {
  const { i18n } = useLingui()
  const [answer, setAnswer] = useState<{ symbol: string; funding: ContractFunding; skew: number } | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [reads, setReads] = useState(0)
  useEffect(() => {
    let live = true
    api.contractFunding(symbol, { silent: true }).then(
      (f) => live && setAnswer({ symbol, funding: f, skew: f.time - Date.now() }),
      () => undefined,
    )
    const again = setTimeout(() => setReads((n) => n + 1), REFRESH_MS)
    return () => {
      live = false
      clearTimeout(again)
    }
  }, [api, symbol, reads])
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const funding = answer?.symbol === symbol ? answer.funding : null
  const left = funding ? funding.next_funding_time - (now + answer!.skew) : null
  useEffect(() => {
    if (left !== null && left <= 0) setReads((n) => n + 1)
  }, [left])
  return (
    <div className="lv-funding" data-testid="lever-funding">
      <span className="lv-pair__mark">
        <Trans id="lever.fundingRate">Funding rate</Trans>{' '}
        <span className="lv-num" data-testid="lever-funding-rate">
          {funding ? formatFundingRate(funding.rate, i18n.locale) : '--'}
        </span>
      </span>
      <span className="lv-pair__mark">
        <Trans id="lever.fundingCountdown">Next funding in</Trans>{' '}
        <span className="lv-num" data-testid="lever-funding-countdown">
          {left === null ? '--:--:--' : formatCountdown(left)}
        </span>
      </span>
    </div>
  )
}
