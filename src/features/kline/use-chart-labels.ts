import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { ChartLabels } from './render/types'

/** The chart legend's words (OHLC, volume, change) in the current language, one object per language. */
export function useChartLabels(): ChartLabels {
  const { t } = useLingui()
  return useMemo(
    () => ({
      open: t({ id: 'kline.legend.open', message: 'Open' }),
      high: t({ id: 'kline.legend.high', message: 'High' }),
      low: t({ id: 'kline.legend.low', message: 'Low' }),
      close: t({ id: 'kline.legend.close', message: 'Close' }),
      volume: t({ id: 'kline.legend.volume', message: 'Vol' }),
      change: t({ id: 'kline.legend.change', message: 'Change' }),
      upperBand: t({ id: 'kline.legend.upperBand', message: 'UB' }),
      lowerBand: t({ id: 'kline.legend.lowerBand', message: 'LB' }),
      macd: t({ id: 'kline.legend.macd', message: 'MACD' }),
    }),
    [t],
  )
}
