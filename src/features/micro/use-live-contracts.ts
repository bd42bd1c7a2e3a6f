/**
 * The signed-in user's open second contracts on the options screen, kept current: read when the screen opens (and
 * when the session or book changes), a placed one added at once. While the user stream is live nothing is polled: a
 * second-contract event (placed, settled, here or on another device) reads the list again, and a contract whose
 * settlement event has not come SETTLE_SAFETY_MS after its delivery is read once more, in case the event was lost
 * (countdown.ts). While the stream is not live and any contract is open, the server is asked again on the schedule of
 * countdown.ts (every second from just before the nearest delivery). A contract that has left the open list is read
 * once more (micro/order_detail) and stays on screen with its result.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MicroOrder } from '../../../common/api/micro'
import type { UserEvent } from '../../../common/engine-api'
import { ofCurrentBook, useStreamReload } from '../user-stream'
import { nextPollIn, safetyDue, safetyReadIn } from './countdown'
import { OPEN_LIMIT, readContracts, type ContractCalls } from './read-contracts'

/** The contracts as the screen shows them. */
export interface LiveContracts {
  /** Open ones and the last few settled while on screen, newest first. */
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

const isOpen = (o: MicroOrder) => o.status === 'open'

/** True for the user-stream events that change the contract list: second-contract orders (kind `micro`) of the book shown. */
export function concernsMicro(ev: UserEvent): boolean {
  return ev.ch.startsWith('orders#') && (ev.data as { kind?: string }).kind === 'micro' && ofCurrentBook(ev)
}

/**
 * @param key the session and book (a change starts over); null when signed out (nothing is read)
 * @param onSettled runs after a poll or a safety read found contracts settled (the balance changed); not after a read
 *   the stream asked for, since the balance follows its own `accounts.update` events then
 */
export function useLiveContracts(api: ContractCalls, key: string | null, onSettled: () => void): LiveContracts {
  const [held, setHeld] = useState<Held | null>(null)
  const current = key !== null && held?.key === key ? held : null
  const settledRef = useRef(onSettled)
  const heldRef = useRef(current)
  useEffect(() => {
    settledRef.current = onSettled
    heldRef.current = current
  })
  // Each read takes a number; an answer older than the latest read started is dropped (it may predate an event).
  const generation = useRef(0)
  // Contracts already read once after their delivery for want of a settlement event.
  const checked = useRef(new Set<number>())

  const readFirst = useCallback(() => {
    if (key === null) return
    const mine = ++generation.current
    api.microList({ state: 'open', limit: OPEN_LIMIT }, { silent: true }).then(
      (a) => mine === generation.current && setHeld({ key, orders: a.list, failed: false }),
      () => mine === generation.current && setHeld((h) => (h?.key === key ? h : { key, orders: [], failed: true })),
    )
  }, [api, key])
  useEffect(readFirst, [readFirst])

  const refresh = useCallback(
    (h: Held | null, tellSettled: boolean) => {
      if (!h) {
        readFirst()
        return
      }
      const mine = ++generation.current
      readContracts(api, h.orders).then(
        ({ settled, merge }) => {
          if (mine !== generation.current) return
          setHeld((x) => (x?.key === h.key ? { ...x, orders: merge(x.orders), failed: false } : x))
          if (settled > 0 && tellSettled) settledRef.current()
        },
        // A failed read keeps what is shown; setting it again plans the next one.
        () => mine === generation.current && setHeld((x) => (x?.key === h.key ? { ...x } : x)),
      )
    },
    [api, readFirst],
  )
  const streamLive = useStreamReload(() => refresh(heldRef.current, false), concernsMicro)

  // Not live: polled, re-planned after every change of the list (each answer or failure sets `held` again).
  useEffect(() => {
    if (!current || streamLive) return
    const wait = nextPollIn(current.orders.filter(isOpen), Date.now())
    if (wait === null) return
    const timer = setTimeout(() => refresh(current, true), wait)
    return () => clearTimeout(timer)
  }, [current, streamLive, refresh])

  // Live: one safety read per contract whose settlement event is late.
  useEffect(() => {
    if (!current || !streamLive) return
    const open = current.orders.filter(isOpen)
    const now = Date.now()
    const wait = safetyReadIn(open, checked.current, now)
    if (wait === null) return
    const at = now + wait
    const timer = setTimeout(() => {
      for (const o of open) if (safetyDue(o, at)) checked.current.add(o.id)
      refresh(current, true)
    }, wait)
    return () => clearTimeout(timer)
  }, [current, streamLive, refresh])

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
