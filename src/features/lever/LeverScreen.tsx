import { Trans } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import { useSnapshot } from 'valtio'
import type { MarketItem } from '../../../common/market'
import { useTickers } from '../../engine'
import { setBackUrl } from '../../state/back-url'
import { dealSymbolStore } from '../../state/deal-symbol'
import { LoadFailed, pairName } from '../markets'
import { useSessionView } from '../user-center'
import { AccountCard } from './AccountCard'
import { FundingLine } from './FundingLine'
import { LeverLists } from './LeverLists'
import { LeverLoginPrompt } from './LeverLoginPrompt'
import { LeverPairBar } from './LeverPairBar'
import { MarkFeeds } from './MarkFeeds'
import { OpenForm } from './OpenForm'
import { pairInfo } from './pair-info'
import { useContractTerms } from './use-contract-terms'
import { KeptAge } from '../kept'
import { useLeverAccount } from './use-lever-account'
import { useLiveBook, useMarkBoard } from './use-marks'
import './lever.css'

/** Ticker interval of the held pairs, ms: the latest price beside each position. */
const TICKER_MS = 1000
/** Decimals a mark keeps beyond the market's price precision (server/trading/contract/marks.ts). */
const MARK_EXTRA_DECIMALS = 2
/** What the contract calls accept as a symbol (common/api/contract.ts) and their margin currency. */
const CONTRACT_SYMBOL = /^[a-z0-9]{2,20}$/
const MARGIN_CURRENCY = 'USDT'

/**
 * The Futures tab's body (spec §2 Lever, issue 12): the pair of dealSymbol.lever with its latest and mark prices, the
 * contract wallet, the order form beside the live book, and the user's positions, entrusts and history (signed out:
 * a login prompt). Positions are valued live at the mark this page computes from the feed for every symbol held.
 */
export function LeverScreen({ markets }: { markets: readonly MarketItem[] }) {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { lever: chosen } = useSnapshot(dealSymbolStore)
  const { loggedIn, user } = useSessionView()
  const choices = useMemo(
    () =>
      markets.filter((m) => m.tradable.contract && CONTRACT_SYMBOL.test(m.extends) && m.legal_name === MARGIN_CURRENCY),
    [markets],
  )
  // A perpetual of the Market tab's futures list (BTC-USDT) is traded here as its pair's contract (btcusdt).
  const listed =
    choices.find((m) => m.extends === chosen.extends) ??
    choices.find((m) => m.currency_name === chosen.currency_name && m.legal_name === chosen.legal_name)
  const pair = listed ?? chosen
  const symbol = pair.extends
  const name = pairName(pair)
  const tradable = listed !== undefined
  const { terms, retry } = useContractTerms(api, tradable ? symbol : null)
  const key = loggedIn ? `${user?.id ?? ''}:${user?.book ?? ''}` : null
  const acct = useLeverAccount(api, key)
  const [marks, onMark] = useMarkBoard()
  const held = useMemo(() => [...new Set([symbol, ...acct.positions.map((p) => p.symbol)])], [symbol, acct.positions])
  const precisionOf = useCallback((s: string) => pairInfo(s, markets).precision, [markets])
  const markScale = useCallback((s: string) => precisionOf(s) + MARK_EXTRA_DECIMALS, [precisionOf])
  const live = useLiveBook(acct.account, acct.positions, marks, precisionOf)
  const tickers = useTickers(held, TICKER_MS)
  const close = tickers.get(symbol)?.close
  const lastPrice = close === undefined ? null : String(close)
  const pairOf = useCallback((s: string) => pairInfo(s, markets), [markets])
  const lastOf = useCallback(
    (s: string) => {
      const c = tickers.get(s)?.close
      return c === undefined ? null : String(c)
    },
    [tickers],
  )
  return (
    <div className="lv-body">
      <MarkFeeds symbols={held} scaleOf={markScale} onMark={onMark} />
      <LeverPairBar
        pair={pair}
        choices={choices}
        tickers={tickers}
        mark={marks.get(symbol)?.price}
        precision={precisionOf(symbol)}
      />
      {tradable && <FundingLine api={api} symbol={symbol} />}
      {loggedIn && acct.savedAt !== null && <KeptAge savedAt={acct.savedAt} />}
      {loggedIn && ((acct.account && live) || acct.state === 'loading') && (
        <AccountCard account={acct.account ?? undefined} live={live?.totals} currency={MARGIN_CURRENCY} />
      )}
      {!tradable ? (
        <p className="lv-card lv-placeholder" role="alert">
          <Trans id="lever.pairNotOpen">Futures trading of {name} is not open. Pick another pair above.</Trans>
        </p>
      ) : terms === undefined ? (
        <div className="lv-loading" aria-busy="true" />
      ) : terms === null ? (
        <LoadFailed onRetry={retry} />
      ) : !terms.open ? (
        <p className="lv-card lv-placeholder" role="alert">
          <Trans id="lever.pairNotOpen">Futures trading of {name} is not open. Pick another pair above.</Trans>
        </p>
      ) : (
        <OpenForm
          key={symbol}
          api={api}
          terms={terms}
          pair={name}
          lastPrice={lastPrice}
          mark={marks.get(symbol)?.price}
          holdings={live?.holdings}
          loggedIn={loggedIn}
          onLogin={() => {
            setBackUrl('/lever')
            void navigate({ to: '/login' })
          }}
          onPlaced={acct.reload}
        />
      )}
      {loggedIn ? (
        <LeverLists
          api={api}
          state={acct.state}
          rows={live?.rows ?? []}
          entrusts={acct.entrusts}
          closeOrders={acct.closeOrders}
          closings={acct.closings}
          pairOf={pairOf}
          lastOf={lastOf}
          onChanged={acct.reload}
        />
      ) : (
        <LeverLoginPrompt />
      )}
    </div>
  )
}
