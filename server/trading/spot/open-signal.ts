/**
 * In-process word that a limit order opened on a symbol, so the matcher (matcher.ts) starts looking at that symbol's
 * trades at once instead of at its next refresh. Another process's orders are found by that refresh.
 */
const listeners = new Set<(symbol: string) => void>()

/** Calls `fn` with the symbol of every limit order this process opens; returns its removal. */
export function onLimitOrderOpened(fn: (symbol: string) => void): () => void {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/** Says that a limit order opened on `symbol` (after its transaction committed). */
export function limitOrderOpened(symbol: string): void {
  for (const fn of listeners) fn(symbol)
}
