/**
 * `navigator.onLine` as React state: false once the device says it has no network (`offline` event), true again on
 * `online`. Only "definitely offline" is trusted: true does not promise the server is reachable.
 */
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  addEventListener('online', onChange)
  addEventListener('offline', onChange)
  return () => {
    removeEventListener('online', onChange)
    removeEventListener('offline', onChange)
  }
}

const onLine = () => typeof navigator === 'undefined' || navigator.onLine !== false

/** True unless the device reports it is offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, onLine, () => true)
}
