import { useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { subscribe, useSnapshot } from 'valtio'
import type { Api } from '../../api'
import { favouritesStore, mergeFavourites, setFavourites } from '../../state/favourites'
import { tokenStore } from '../../state/token'

/** A star's change reaches the account this long after the last one (several taps: one call), ms. */
export const FAVOURITES_PUSH_MS = 400

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i])

/**
 * Keeps the favourites per account while signed in (issue 24 part 1): at sign-in (or start with a session) the
 * account's list (GET user/favourites) is merged with this device's and both keep the result; afterwards each change
 * is saved to the account (POST user/favourites). Until the merge succeeded nothing is pushed — an offline start must
 * not overwrite the account with the device's list. Mount once under the root route; renders nothing.
 */
export function FavouritesSync(): null {
  const api = useRouteContext({ from: '__root__', select: (c) => c.api })
  const token = useSnapshot(tokenStore).value
  useSyncedFavourites(api, token)
  return null
}

/** The effect of FavouritesSync, for a given api and session token (null: signed out, nothing synced). */
export function useSyncedFavourites(api: Pick<Api, 'favourites' | 'saveFavourites'>, token: string | null): void {
  useEffect(() => {
    if (token === null) return
    let live = true
    let merged = false
    let timer: ReturnType<typeof setTimeout> | undefined
    api.favourites({ silent: true }).then(
      async ({ symbols: account }) => {
        if (!live) return
        const next = mergeFavourites(account, favouritesStore.symbols)
        setFavourites(next)
        merged = true
        if (!same(next, account)) await api.saveFavourites(next, { silent: true }).catch(() => undefined)
      },
      () => undefined, // offline or refused: the device's list stands; the next start merges again
    )
    const unsubscribe = subscribe(
      favouritesStore,
      () => {
        if (!merged) return
        clearTimeout(timer)
        timer = setTimeout(() => {
          void api.saveFavourites(favouritesStore.symbols, { silent: true }).catch(() => undefined)
        }, FAVOURITES_PUSH_MS)
      },
      true,
    )
    return () => {
      live = false
      unsubscribe()
      clearTimeout(timer)
    }
  }, [api, token])
}
