/**
 * The user stream on screen (issue 22 part 2): the bridge that connects the worker's user stream while signed in,
 * hooks over its snapshots, the REST reload its events drive (screens stop polling while it is live), the toasts of
 * fills, liquidations, TP/SL closes, settled options, fired price alerts and reviewed deposits and withdrawals, and
 * the marks of orders being placed here.
 */
export { UserStreamBridge } from './UserStreamBridge'
export { ofCurrentBook } from './book'
export { STREAM_RELOAD_DEBOUNCE_MS, useStreamReload, useUserStream } from './use-user-stream'
export { isPlacingHere, markPlacing, PLACING_GRACE_MS, placingDone } from './placing'
export { isStreamLive, userSnapshot } from './user-stream-store'
export { pairOfSymbol, toastOfEvent } from './user-toasts'
