// @vitest-environment happy-dom
/**
 * Favourites per account (issue 24 part 1): at sign-in the account's list and this device's are merged and both keep
 * the result; later stars are saved to the account; an offline start never overwrites the account with the device's
 * list; signed out, nothing is called.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FAVOURITES_PUSH_MS, useSyncedFavourites } from '../../src/routes/-components/FavouritesSync'
import { favouritesStore, mergeFavourites, setFavourites, toggleFavourite } from '../../src/state/favourites'

afterEach(cleanup)
beforeEach(() => setFavourites([]))

function fakeApi(account: string[] | Error) {
  const saved: string[][] = []
  return {
    saved,
    api: {
      favourites: () => (account instanceof Error ? Promise.reject(account) : Promise.resolve({ symbols: account })),
      saveFavourites: (symbols: readonly string[]) => {
        saved.push([...symbols])
        return Promise.resolve({ symbols: [...symbols] })
      },
    },
  }
}

describe('mergeFavourites', () => {
  it("puts this device's new stars first, then the account's, each once", () => {
    expect(mergeFavourites(['ethusdt', 'btcusdt'], ['solusdt', 'btcusdt'])).toEqual(['solusdt', 'ethusdt', 'btcusdt'])
    expect(mergeFavourites([], [])).toEqual([])
  })
})

describe('useSyncedFavourites', () => {
  it('merges at sign-in, keeps the result on both sides, then saves each later star to the account', async () => {
    setFavourites(['solusdt'])
    const { api, saved } = fakeApi(['ethusdt'])
    renderHook(() => useSyncedFavourites(api, 'token-1'))
    await waitFor(() => expect(favouritesStore.symbols).toEqual(['solusdt', 'ethusdt']))
    await waitFor(() => expect(saved).toEqual([['solusdt', 'ethusdt']]))
    toggleFavourite('btcusdt')
    toggleFavourite('solusdt')
    // Two taps, one call, with the list as it ended.
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]).toEqual(['btcusdt', 'ethusdt'])
  })

  it("offline at start: the device's list stands and nothing is pushed over the account's", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      setFavourites(['solusdt'])
      const { api, saved } = fakeApi(new TypeError('Failed to fetch'))
      renderHook(() => useSyncedFavourites(api, 'token-1'))
      await vi.advanceTimersByTimeAsync(0) // the failed read has settled
      toggleFavourite('btcusdt')
      await vi.advanceTimersByTimeAsync(FAVOURITES_PUSH_MS * 3)
      expect(favouritesStore.symbols).toEqual(['btcusdt', 'solusdt'])
      expect(saved).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('signed out: the account is not read', () => {
    const { api } = fakeApi(['ethusdt'])
    const spy = vi.spyOn(api, 'favourites')
    renderHook(() => useSyncedFavourites(api, null))
    expect(spy).not.toHaveBeenCalled()
  })
})
