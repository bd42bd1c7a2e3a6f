/**
 * The signed-in user's open second contracts on the options screen, kept current: read when the screen opens (and
 * when the session or book changes), a placed one added at once, and, while any is open, the server asked again on
 * the schedule of countdown.ts (every second from just before the nearest delivery). A contract that has left the
 * open list is read once more (micro/order_detail) and stays on screen with its result; `onSettled` then runs (the
 * balance changed).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MicroOrder } from '../../../common/api/micro'
import type { Api } from '../../api'
import { nextPollIn } from './countdown'

/** Open contracts read per call (the server's largest page). */
const OPEN_LIMIT = 50
/** Contracts settled while watched that stay on screen, newest first. */
const SETTLED_SHOWN = 5

/** The contracts as the screen shows them. */
export interface LiveContracts {
  /** Open ones and the last SETTLED_SHOWN settled while on screen, newest first. */
  orders: MicroOrder[]
  /** `loading` before the first answer, `failed` when it could not be read. */
  state: 'loading' | 'ready' | 'failed'
  /** Shows a contract just placed. */
  add(this: void, order: MicroOrder): void
}

interface Held {
  key: string
  orders: MicroOrder[]
  failed: boolean
}

type Calls = Pick<Api, 'microList' | 'microDetail'>

/** Newest first; the open ones, then at most SETTLED_SHOWN settled. */
function arrange(byId: Map<number, MicroOrder>): MicroOrder[] {
  const all = [...byId.values()].sort((a, b) => b.id - a.id)
  const settled = all.filter((o) => o.status !== 'open').slice(0, SETTLED_SHOWN)
  return all.filter((o) => o.status === 'open' || settled.includes(o))
}

/**
 * Asks for the open list, and the detail of each of `watched` that has left it; answers how many settled and how to
 * merge the answers into the list held by then (a contract placed meanwhile stays).
 */
async function poll(
  api: Calls,
  watched: readonly MicroOrder[],
): Promise<{ settled: number; merge: (prev: MicroOrder[]) => MicroOrder[] }> {
  const open = (await api.microList({ state: 'open', limit: OPEN_LIMIT }, { silent: true })).list
  const still = new Set(open.map((o) => o.id))
  const gone = watched.filter((o) => o.status === 'open' && !still.has(o.id))
  const settled = await Promise.all(gone.map((o) => api.microDetail(o.id, { silent: true })))
  const merge = (prev: MicroOrder[]) => {
    const byId = new Map(prev.map((o) => [o.id, o]))
    for (const o of [...open, ...settled]) byId.set(o.id, o)
    return arrange(byId)
  }
  return { settled: settled.filter((o) => o.status !== 'open').length, merge }
}

/**
 * @param key the session and book (a change starts over); null when signed out (nothing is read)
 * @param onSettled runs after a poll found contracts settled
 */
export function useLiveContracts(api: Calls, key: string | null, onSettled: () => void): LiveContracts {
  const [held, setHeld] = useState<Held | null>(null)
  const settledRef = useRef(onSettled)
  useEffect(() => {
    settledRef.current = onSettled
  })
  const current = key !== null && held?.key === key ? held : null

  useEffect(() => {
    if (key === null) return
    let live = true
    api.microList({ state: 'open', limit: OPEN_LIMIT }, { silent: true }).then(
      (a) => live && setHeld({ key, orders: a.list, failed: false }),
      () => live && setHeld((h) => (h?.key === key ? h : { key, orders: [], failed: true })),
    )
    return () => {
      live = false
    }
  }, [api, key])

  // Re-planned after every change of the list: each answer (or failure) sets `held` again, which plans the next ask.
  useEffect(() => {
    if (!current) return
    const open = current.orders.filter((o) => o.status === 'open')
    const wait = nextPollIn(open, Date.now())
    if (wait === null) return
    let live = true
    const timer = setTimeout(() => {
      poll(api, current.orders).then(
        ({ settled, merge }) => {
          if (!live) return
          setHeld((h) => (h?.key === current.key ? { ...h, orders: merge(h.orders), failed: false } : h))
          if (settled > 0) settledRef.current()
        },
        () => live && setHeld((h) => (h?.key === current.key ? { ...h } : h)),
      )
    }, wait)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [api, current])

  const add = useCallback(
    (order: MicroOrder) =>
      setHeld((h) => {
        const base = h?.key === key ? h.orders : []
        return key === null ? h : { key, orders: [order, ...base.filter((o) => o.id !== order.id)], failed: false }
      }),
    [key],
  )
  return {
    orders: current?.orders ?? [],
    state: !current ? 'loading' : current.failed ? 'failed' : 'ready',
    add,
  }
}
