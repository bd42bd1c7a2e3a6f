import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { MarketItem } from '../../../common/market'

/** Returns a handler opening a market's K-line page (`/kline?symbol=<extends>`). */
export function useOpenMarket(): (item: Pick<MarketItem, 'extends'>) => void {
  const navigate = useNavigate()
  return useCallback((item) => void navigate({ to: '/kline', search: { symbol: item.extends } }), [navigate])
}
