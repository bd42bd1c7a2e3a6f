/**
 * Ties the worker's user stream to the session (issue 22 part 2): connected while a session token exists (after a
 * sign-in, and at start when a stored session is restored), disconnected when the token goes (sign-out, or the request
 * layer's 401 path ending the session) or the app unmounts. Each (re)connect asks `POST user/ws_ticket` for a fresh
 * single-use ticket. Holds the app's one snapshot subscription: publishes it to the hooks, shows the toasts, and on a
 * `resync` asks every screen to read its data again by REST before telling the worker it may go live again.
 * Renders nothing.
 */
import { useRouteContext } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { systemStore } from '../../state/system'
import { tokenStore } from '../../state/token'
import { forgetToasted, toastUserEvents } from './user-toasts'
import { publishUserSnapshot, requestFullReload, resetUserStream } from './user-stream-store'

/** Mount once under the root route (it reads `api` and `engine` from the router context). */
export function UserStreamBridge(): null {
  const api = useRouteContext({ from: '__root__', select: (c) => c.api })
  const user = useRouteContext({ from: '__root__', select: (c) => c.engine.user })
  const token = useSnapshot(tokenStore).value
  const port = useSnapshot(systemStore).config?.market_port

  useEffect(() => {
    if (!user) return
    let unsub: (() => void) | undefined
    let cancelled = false
    let seeding = false
    user
      .onSnapshot((snap) => {
        toastUserEvents(snap.events)
        publishUserSnapshot(snap)
        if (snap.status.state !== 'resync' || seeding) return
        // The server could not resume: every screen reads again by REST; the UI keeps no copy of the worker's
        // cache, so an empty seed ends the resync (lists come from REST and later events).
        seeding = true
        requestFullReload()
        user.seed({}).then(
          () => (seeding = false),
          (err: unknown) => {
            seeding = false
            console.warn('user stream seed failed', err)
          },
        )
      })
      .then(
        (u) => (cancelled ? u() : (unsub = u)),
        (err: unknown) => console.warn('user stream subscription failed', err),
      )
    return () => {
      cancelled = true
      unsub?.()
      resetUserStream()
    }
  }, [user])

  useEffect(() => {
    if (!user || token === null) return
    // The worker asks again after a failure (with backoff), possibly after the sign-out it has not heard of yet:
    // without a session it must not reach the request layer, whose signed-out path asks the user to log in.
    const getTicket = async () => {
      if (tokenStore.value !== token) throw new Error('user stream: the session it was opened for has ended')
      return (await api.wsTicket({ silent: true })).ticket
    }
    void user
      .connect(getTicket, port ? { port } : undefined)
      .catch((err: unknown) => console.warn('user stream connect failed', err))
    return () => {
      void user.disconnect().catch((err: unknown) => console.warn('user stream disconnect failed', err))
      forgetToasted()
    }
  }, [user, api, token, port])

  return null
}
