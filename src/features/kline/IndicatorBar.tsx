import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Icon } from '../../ui/Icon'
import { IndicatorSettings } from './IndicatorSettings'
import { chooseMain, chooseSub, indicatorStore } from './indicator-store'
import type { MainIndicator, SubIndicator } from './model/indicators'

/**
 * The chart's indicator switch under the candles (issue 24 part 5), as exchange apps show it: the overlay (MA, EMA,
 * BOLL; tapping the active one hides it) and the lower pane (VOL, MACD, RSI). Each group is a set of toggle buttons
 * with aria-pressed; the choice is remembered (indicator-store.ts). Then a button opening the periods' settings, and
 * `children` (the full-screen switch).
 */
export function IndicatorBar({ children }: { children?: ReactNode }) {
  const { t } = useLingui()
  const { choice } = useSnapshot(indicatorStore)
  // Each opening starts from what is saved (a new key: fresh fields).
  const [settings, setSettings] = useState(0)
  const main: [MainIndicator, string][] = [
    ['ma', t({ id: 'kline.ind.ma', message: 'MA' })],
    ['ema', t({ id: 'kline.ind.ema', message: 'EMA' })],
    ['boll', t({ id: 'kline.ind.boll', message: 'BOLL' })],
  ]
  const sub: [SubIndicator, string][] = [
    ['vol', t({ id: 'kline.ind.vol', message: 'VOL' })],
    ['macd', t({ id: 'kline.ind.macd', message: 'MACD' })],
    ['rsi', t({ id: 'kline.ind.rsi', message: 'RSI' })],
  ]
  return (
    <div className="kline-ind" data-testid="kline-indicators">
      <div role="group" aria-label={t({ id: 'kline.ind.main', message: 'Indicator over the candles' })}>
        {main.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={choice.main === key ? 'kline-ind__item kline-ind__item--active' : 'kline-ind__item'}
            aria-pressed={choice.main === key}
            onClick={() => chooseMain(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <span className="kline-ind__sep" aria-hidden="true" />
      <div role="group" aria-label={t({ id: 'kline.ind.sub', message: 'Indicator below the candles' })}>
        {sub.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={choice.sub === key ? 'kline-ind__item kline-ind__item--active' : 'kline-ind__item'}
            aria-pressed={choice.sub === key}
            onClick={() => chooseSub(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <span className="kline-ind__spacer" />
      <button type="button" className="icon-btn kline-ind__settings" onClick={() => setSettings((n) => n + 1)}>
        <Icon name="list" size={16} label={t({ id: 'kline.ind.settings', message: 'Indicator settings' })} />
      </button>
      {children}
      {settings > 0 && <IndicatorSettings key={settings} open onClose={() => setSettings(0)} />}
    </div>
  )
}
