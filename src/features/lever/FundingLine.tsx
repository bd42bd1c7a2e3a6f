import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
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
  // The funding time on the device's clock, once known: passing it reads the new estimate (and the next time).
  const due = useRef<number | null>(null)
  const funding = answer?.symbol === symbol ? answer.funding : null
  const skew = answer?.symbol === symbol ? answer.skew : 0
  useEffect(() => {
    due.current = funding ? funding.next_funding_time - skew : null
  }, [funding, skew])
  useEffect(() => {
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (due.current !== null && t >= due.current) {
        due.current = null
        setReads((n) => n + 1)
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [])
  const left = funding ? funding.next_funding_time - (now + skew) : null
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
