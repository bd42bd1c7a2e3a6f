/** The chain watcher's loop (server/custody/chain-watcher.ts `pollOnce`, every `pollMs`), as jobs processes run it. */
import { pollOnce, WatcherHalt, type ChainWatcherDeps, type PollResult } from './chain-watcher'

/** A running watcher. */
export interface ChainWatcher {
  /** Polls now (after the current poll, if one runs); resolves with its result. */
  pollNow(): Promise<PollResult>
  /** Stops polling; resolves once the current poll ended. */
  stop(): Promise<void>
}

/**
 * Polls every `pollMs` (default 1,000 ms; Ethereum mainnet makes a block every 12 s) until stopped. A failed poll is
 * logged and retried at the next tick; a WatcherHalt stops the watcher with a log line an operator must act on.
 */
export function startChainWatcher(deps: ChainWatcherDeps & { pollMs?: number }): ChainWatcher {
  const log = deps.log ?? ((line: string) => console.log(line))
  const pollMs = deps.pollMs ?? 1000
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<PollResult> = Promise.resolve({} as PollResult)
  const poll = (): Promise<PollResult> => {
    running = running.catch(() => undefined).then(() => pollOnce({ ...deps, log }))
    return running
  }
  const loop = () => {
    if (stopped) return
    poll().then(
      () => {
        if (!stopped) timer = setTimeout(loop, pollMs)
      },
      (err: unknown) => {
        if (err instanceof WatcherHalt) {
          stopped = true
          log(`[chain] stopped: ${err.message}`)
          return
        }
        log(`[chain] poll failed, retrying: ${err instanceof Error ? err.message : String(err)}`)
        if (!stopped) timer = setTimeout(loop, pollMs)
      },
    )
  }
  timer = setTimeout(loop, 0)
  return {
    pollNow: poll,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running.catch(() => undefined)
    },
  }
}
