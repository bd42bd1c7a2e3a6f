/**
 * The client_oid of the order being sent: kept while the same order is sent again (its answer was lost, the user
 * presses again), new for any other order, so the server places a re-sent order once (it answers the first one).
 */
import { useCallback, useRef } from 'react'
import { newIdempotencyKey } from '../../lib/idempotency-key'

export interface ClientOid {
  /** The oid for the order described by `draft` (any text that differs when the order differs). */
  oidFor(this: void, draft: string): string
  /** The order was answered: the next one gets a new oid. */
  settle(this: void): void
}

export function useClientOid(): ClientOid {
  const pending = useRef<{ draft: string; oid: string } | null>(null)
  const oidFor = useCallback((draft: string) => {
    if (pending.current?.draft !== draft) pending.current = { draft, oid: newIdempotencyKey() }
    return pending.current.oid
  }, [])
  const settle = useCallback(() => {
    pending.current = null
  }, [])
  return { oidFor, settle }
}
