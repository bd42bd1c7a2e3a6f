/**
 * Runs `task` when the main thread is next idle, at the latest after `timeoutMs` (default 2000 ms); where
 * requestIdleCallback is missing (Safari), after the current task. For work that must not compete with the first
 * screen (issue 9).
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs })
  else setTimeout(task, 0)
}
