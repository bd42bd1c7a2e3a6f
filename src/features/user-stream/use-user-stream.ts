/**
 * React hooks over the user stream: the latest snapshot and whether it is live, and a REST reload driven by the
 * stream's events (a screen stops polling while the stream is live and reads its lists again when an event of its
 * data arrives; the 200 ms commit-to-screen target holds because events arrive within milliseconds of the commit).
 */
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react'
import type { UserEvent, UserSnapshot } from '../../../common/engine-api'
import { isStreamLive, onUserEvents, onUserSnapshot, userSnapshot } from './user-stream-store'

/**
 * Wait after a matching event before reading again, ms: one frame, so the events of one commit that arrive in one
 * snapshot (or a burst of snapshots) make one read. Longer costs every update its length (the 200 ms commit → screen
 * target: 50 ms here was a third of the median, `npm run bench -- stream`).
 */
export const STREAM_RELOAD_DEBOUNCE_MS = 16

/** The latest user snapshot (null before the first or when signed out) and `streamLive` (status `live`). */
export function useUserStream(): { snapshot: UserSnapshot | null; streamLive: boolean } {
  const snapshot = useSyncExternalStore(onUserSnapshot, userSnapshot, userSnapshot)
  return { snapshot, streamLive: isStreamLive(snapshot) }
}

/**
 * Calls `reload` once (debounced STREAM_RELOAD_DEBOUNCE_MS) after events for which `matches` is true, or when
 * everything must be read again (a resync, events dropped). Returns `streamLive`: while true the caller does not poll.
 * @param matches which events concern the screen's data (e.g. spot orders of its symbol)
 */
export function useStreamReload(reload: () => void, matches: (ev: UserEvent) => boolean): boolean {
  const { streamLive } = useUserStream()
  const fire = useEffectEvent(reload)
  const concerns = useEffectEvent(matches)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const off = onUserEvents(({ events, reloadAll }) => {
      if (!reloadAll && !events.some((e) => concerns(e))) return
      clearTimeout(timer)
      timer = setTimeout(() => fire(), STREAM_RELOAD_DEBOUNCE_MS)
    })
    return () => {
      off()
      clearTimeout(timer)
    }
  }, [])
  return streamLive
}
