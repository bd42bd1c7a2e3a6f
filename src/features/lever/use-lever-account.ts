/**
 * The signed-in user's futures account as the lever screen shows it: the contract wallet (contract/account), the
 * open positions (contract/positions, every symbol: under cross margin they all back each other) and the pending
 * entrusts (contract/order_list open) with the pending reduce-only orders (contract/close_orders). Read when the
 * screen opens and after each action (`reload`); take-profit, stop-loss, liquidation and limit fills happen on the
 * server: while the user stream is live, read again when a futures order, close order, position or contract-wallet
 * event of the session's book arrives (no polling); otherwise every few seconds while the page is visible.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import * as z from 'zod/mini'
import {
  contractAccountSchema,
  contractOrderSchema,
  positionSchema,
  type ContractAccount,
  type ContractOrder,
  type Position,
} from '../../../common/api/contract'
import { closeOrderSchema, type CloseOrder } from '../../../common/api/contract-close'
import type { AccountEventData } from '../../../common/api/stream'
import type { UserEvent } from '../../../common/engine-api'
import type { Api } from '../../api'
import { currentBook } from '../../state/user'
import { keptAnswers, keptOwner, type KeptStore } from '../kept'
import { ofCurrentBook, useStreamReload } from '../user-stream'

/** How often the account is read again while the user stream is not live, ms. */
export const ACCOUNT_POLL_MS = 3000
/** Pending entrusts read at once (the server's largest page). */
const ENTRUSTS_LIMIT = 50

/** The account as the screen shows it. */
export interface LeverAccount {
  /** The contract wallet; undefined before the first answer. */
  account: ContractAccount | undefined
  positions: Position[]
  entrusts: ContractOrder[]
  /** Pending reduce-only (close) orders. */
  closeOrders: CloseOrder[]
  /** `loading` before the first answer, `failed` when it could not be read (and nothing was, nor is kept). */
  state: 'loading' | 'ready' | 'failed'
  /**
   * When what is shown is the device's kept copy (nothing could be read since the screen opened): when it was
   * fetched, epoch ms; null for answers of this visit.
   */
  savedAt: number | null
  /** Goes up each time positions left the list between two reads (closed here, by TP/SL or liquidated). */
  closings: number
  /** Reads everything again now; an older answer arriving later is dropped. */
  reload(this: void): void
}

interface Held {
  key: string
  account: ContractAccount | undefined
  positions: Position[]
  entrusts: ContractOrder[]
  closeOrders: CloseOrder[]
  failed: boolean
  closings: number
  savedAt: number | null
}

/** Key of the account's kept copy (features/kept), per user and book. */
const KEPT_KEY = 'lever-account'
/** What is kept: the four answers of one read. */
const keptSchema = z.object({
  account: contractAccountSchema,
  positions: z.array(positionSchema),
  entrusts: z.array(contractOrderSchema),
  closeOrders: z.array(closeOrderSchema),
})

type Calls = Pick<Api, 'contractAccount' | 'contractPositions' | 'contractOrders' | 'contractCloseOrders'>

/** True for the events that change what the lever screen shows (of the session's book only). */
export function concernsLever(ev: UserEvent): boolean {
  if (!ofCurrentBook(ev)) return false
  if (ev.ch === 'positions') return true
  if (ev.ch.startsWith('orders#')) {
    const kind = (ev.data as { kind?: string }).kind
    return kind === 'futures' || kind === 'close'
  }
  if (ev.ch === 'accounts.update') {
    const d = ev.data as AccountEventData
    return d.wallet === 'contract' && d.book === currentBook()
  }
  return false
}

/**
 * @param key the session and book (a change starts over); null when signed out (nothing is read)
 * @param kept where the last answers are kept for offline use (default IndexedDB)
 */
export function useLeverAccount(api: Calls, key: string | null, kept: KeptStore = keptAnswers): LeverAccount {
  const [held, setHeld] = useState<Held | null>(null)
  const generation = useRef(0)
  const reload = useCallback(() => {
    if (key === null) return
    const mine = ++generation.current
    const silent = { silent: true }
    // Whose copy to keep or read: the user and book of the session (`key` changes with them).
    const owner = keptOwner()
    Promise.all([
      api.contractAccount(silent),
      api.contractPositions(undefined, silent),
      api.contractOrders({ state: 'open', limit: ENTRUSTS_LIMIT }, silent),
      api.contractCloseOrders(silent),
    ]).then(
      ([account, positions, orders, closeOrders]) => {
        if (mine !== generation.current) return
        setHeld((h) => {
          const before = h?.key === key ? h : null
          const gone = before?.positions.some((p) => !positions.some((q) => q.id === p.id)) ?? false
          const closings = (before?.closings ?? 0) + (gone ? 1 : 0)
          return { key, account, positions, entrusts: orders.list, closeOrders, failed: false, closings, savedAt: null }
        })
        if (owner)
          void kept.save(owner, KEPT_KEY, { account, positions, entrusts: orders.list, closeOrders }, Date.now())
      },
      async () => {
        if (mine !== generation.current) return
        // A failed read keeps what was shown (the next poll tries again); with nothing shown yet, the kept copy,
        // else say so.
        const last = owner ? await kept.load(owner, KEPT_KEY, keptSchema) : undefined
        if (mine !== generation.current) return
        const fallback: Held = last
          ? { key, ...last.value, failed: false, closings: 0, savedAt: last.savedAt }
          : {
              key,
              account: undefined,
              positions: [],
              entrusts: [],
              closeOrders: [],
              failed: true,
              closings: 0,
              savedAt: null,
            }
        setHeld((h) => (h?.key === key && !h.failed ? h : fallback))
      },
    )
  }, [api, key, kept])
  const streamLive = useStreamReload(reload, concernsLever)
  useEffect(() => reload(), [reload])
  useEffect(() => {
    if (streamLive) return
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') reload()
    }, ACCOUNT_POLL_MS)
    return () => clearInterval(timer)
  }, [reload, streamLive])
  const current = key !== null && held?.key === key ? held : null
  return {
    account: current?.account,
    positions: current?.positions ?? [],
    entrusts: current?.entrusts ?? [],
    closeOrders: current?.closeOrders ?? [],
    state: !current ? 'loading' : current.failed ? 'failed' : 'ready',
    closings: current?.closings ?? 0,
    savedAt: current?.savedAt ?? null,
    reload,
  }
}
