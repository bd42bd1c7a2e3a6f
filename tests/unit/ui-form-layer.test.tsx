// @vitest-environment happy-dom
// The pieces under every form, alone: the send-code countdown (whole seconds from an end time, stops at zero), where
// a placed failure shows on a TanStack form, and the router context carrying the market engine (a screen subscribes
// on the engine the router was given, not on a module singleton).
import { FormApi, type AnyFormApi } from '@tanstack/react-form'
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { secondsLeft, showSubmitProblem, useCountdown } from '../../src/ui/form'
import { cleanupApp, renderApp } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { btcUsdt, tickerSnapshot } from '../helpers/market-fixtures'

afterEach(() => {
  vi.useRealTimers()
  cleanupApp()
})

describe('send-code countdown', () => {
  it('reads whole seconds rounded up, and 0 once passed or when none runs', () => {
    expect(secondsLeft(60_000, 0)).toBe(60)
    expect(secondsLeft(60_000, 1)).toBe(60) // 59.999 s left still reads 60
    expect(secondsLeft(60_000, 59_001)).toBe(1)
    expect(secondsLeft(60_000, 60_000)).toBe(0)
    expect(secondsLeft(null, 5)).toBe(0)
  })

  it('counts down from the server’s delay as the clock moves, and can be reset', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    const { result } = renderHook(() => useCountdown())
    expect(result.current.left).toBe(0)
    act(() => result.current.start(60))
    expect(result.current.left).toBe(60)
    act(() => void vi.advanceTimersByTime(1_000))
    expect(result.current.left).toBe(59)
    act(() => void vi.advanceTimersByTime(59_000))
    expect(result.current.left).toBe(0)
    act(() => result.current.start(30))
    act(() => result.current.reset())
    expect(result.current.left).toBe(0)
  })
})

describe('showSubmitProblem', () => {
  // A bare TanStack form (submit meta typed `never`), seen as any form, as the layer sees it.
  const form = () => new FormApi({ defaultValues: { email: '', code: '' } }) as unknown as AnyFormApi

  it('puts a failure naming a field of the form under that field', () => {
    const f = form()
    f.mount()
    showSubmitProblem(f, { field: 'code', text: 'The code is wrong' })
    expect(f.state.fieldMeta.code?.errorMap.onServer).toBe('The code is wrong')
    expect(f.state.errorMap.onServer).toBeUndefined()
  })

  it('puts a failure naming another field (or none) on the form’s own line, and nothing for no text', () => {
    const f = form()
    f.mount()
    showSubmitProblem(f, { field: 'ip', text: 'Too many attempts' })
    expect(f.state.errorMap.onServer).toBe('Too many attempts')
    const g = form()
    g.mount()
    showSubmitProblem(g, { field: null, text: null })
    expect(g.state.errorMap.onServer).toBeUndefined()
  })
})

describe('router context', () => {
  it('gives screens the engine the router was created with', async () => {
    const btc = btcUsdt
    const app = await renderApp('/market', (c) =>
      c.url.includes('currency/currency_list') ? envelope(1, [btc]) : undefined,
    )
    await waitFor(() =>
      expect([...app.engine.subscriptions.values()].some((s) => s.kind === 'tickers' && s.key === 'btcusdt')).toBe(
        true,
      ),
    )
    const tick = tickerSnapshot('btcusdt', 95000, 97232.5, 11_234_567.8, {
      high: 98000,
      low: 94000,
      amount: 120,
      count: 10,
      bid: 97232.4,
      lastSize: 0.1,
      ts: 1,
      receivedAt: Date.now(),
    })
    act(() => app.engine.pushTickers([tick]))
    expect(await screen.findByText('97,232.50')).toBeTruthy()
  })
})
