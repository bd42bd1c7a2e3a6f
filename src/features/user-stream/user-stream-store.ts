/**
 * The UI's copy of the user stream (issue 22 part 2): the latest snapshot of the worker's `engine.user` and the events
 * it brought, handed to hooks (`useUserStream`, `useStreamReload`) and to the toasts. One subscription per app, held
 * by `UserStreamBridge`; nothing here is persisted.
 */
import type { UserEvent, UserSnapshot } from '../../../common/engine-api'

/** What a listener of new events receives: the events of one snapshot (oldest first) and whether some were dropped. */
export interface UserEventBatch {
  events: UserEvent[]
  /** True when the worker left events out (more than it keeps) or reloaded after a resync: read everything again. */
  reloadAll: boolean
}

type EventListener = (batch: UserEventBatch) => void

let current: UserSnapshot | null = null
const snapshotListeners = new Set<() => void>()
const eventListeners = new Set<EventListener>()

/** The latest snapshot, or null before the first (or after `resetUserStream`). */
export function userSnapshot(): UserSnapshot | null {
  return current
}

/** True while the stream is `live` (authenticated, every channel answered): screens need not poll then. */
export function isStreamLive(snap: UserSnapshot | null = current): boolean {
  return snap?.status.state === 'live'
}

/** Calls `cb` after each new snapshot (for useSyncExternalStore); returns the unsubscribe function. */
export function onUserSnapshot(cb: () => void): () => void {
  snapshotListeners.add(cb)
  return () => void snapshotListeners.delete(cb)
}

/** Calls `cb` with the events of each snapshot that brought some (or asks for a full reload); returns unsubscribe. */
export function onUserEvents(cb: EventListener): () => void {
  eventListeners.add(cb)
  return () => void eventListeners.delete(cb)
}

/** Takes a snapshot from the worker: stores it, then tells the hooks and the event listeners. */
export function publishUserSnapshot(snap: UserSnapshot, opts: { reloadAll?: boolean } = {}): void {
  current = snap
  for (const cb of [...snapshotListeners]) cb()
  const reloadAll = opts.reloadAll === true || snap.eventsDropped > 0
  if (snap.events.length === 0 && !reloadAll) return
  for (const cb of [...eventListeners]) cb({ events: snap.events, reloadAll })
}

/** Asks every screen to read its data again by REST (after a `resync`). */
export function requestFullReload(): void {
  for (const cb of [...eventListeners]) cb({ events: [], reloadAll: true })
}

/** Forgets the snapshot (signed out, or the bridge unmounted); hooks see `null` and not live. */
export function resetUserStream(): void {
  current = null
  for (const cb of [...snapshotListeners]) cb()
}
