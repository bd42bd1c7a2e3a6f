import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { marketTradeConfigSchema, type MarketTradeConfig } from '../../../common/api/trade'
import type { MarketItem } from '../../../common/market'
import type { Api } from '../../api'
import { useTickers } from '../../engine'
import { setBackUrl } from '../../state/back-url'
import { setDealSymbol } from '../../state/deal-symbol'
import { withKeptCopy } from '../kept'
import { LoadFailed, pairName } from '../markets'
import { useSessionView } from '../user-center'
import { OrderLists } from './OrderLists'
import { PairSwitch } from './PairSwitch'
import { TradeForm } from './TradeForm'
import { useSpotBalances } from './use-spot-balances'
import './trade.css'

/**
 * Spot trading for one pair (spec §2 Trade): the pair with its last price, the order form beside the live book, and
 * the user's current and history orders of the pair. The market's terms (fees, precisions, smallest order) come from
 * trade/market_config (the last answer kept on the device stands in offline).
 */
export function TradeScreen({
  api,
  market,
  markets,
}: {
  api: Api
  market: MarketItem
  markets: readonly MarketItem[]
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { loggedIn } = useSessionView()
  const symbol = market.extends
  const [terms, setTerms] = useState<{ symbol: string; terms: MarketTradeConfig | null } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    let live = true
    // Kept on the device: offline the screen opens on the last terms read (issue 24 part 9).
    withKeptCopy(`terms:spot:${symbol}`, marketTradeConfigSchema, () =>
      api.marketConfig(symbol, { silent: true }),
    ).then(
      (c) => live && setTerms({ symbol, terms: c }),
      () => live && setTerms({ symbol, terms: null }),
    )
    return () => {
      live = false
    }
  }, [api, symbol, attempt])
  const ticker = useTickers([symbol]).get(symbol)
  const lastPrice = ticker ? String(ticker.close) : null
  const balances = useSpotBalances(api, loggedIn)
  const current = terms?.symbol === symbol ? terms.terms : undefined
  const pair = pairName(market)
  return (
    <div className="trade-screen">
      <PairSwitch
        market={market}
        markets={markets.filter((m) => m.tradable.spot)}
        ticker={ticker}
        onPick={(m) => setDealSymbol('trade', m)}
        onChart={() => void navigate({ to: '/kline', search: { symbol, period: '1min' } })}
      />
      {current === undefined ? (
        <div className="trade-screen__loading" aria-busy="true" />
      ) : current === null ? (
        <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />
      ) : !current.spot_open ? (
        <p className="trade-closed" role="alert">
          <Trans id="trade.closed">Spot trading of {pair} is closed.</Trans>
        </p>
      ) : (
        <>
          <TradeForm
            key={symbol}
            api={api}
            terms={current}
            lastPrice={lastPrice}
            available={balances.available}
            onLogin={() => {
              setBackUrl('/trade')
              void navigate({ to: '/login' })
            }}
            onPlaced={() => {
              setVersion((n) => n + 1)
              balances.reload()
            }}
          />
          {loggedIn ? (
            <OrderLists
              api={api}
              symbol={symbol}
              pair={pair}
              pricePrecision={current.price_precision}
              version={version}
              onChanged={balances.reload}
            />
          ) : (
            <p className="trade-signed-out">
              {t({ id: 'trade.logInForOrders', message: 'Log in to see your orders.' })}
            </p>
          )}
        </>
      )}
    </div>
  )
}
