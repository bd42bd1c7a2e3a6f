/** How the funding line shows a rate and the time left (issue 21 part 6). */
export { formatFundingRate } from '../../lib/format'

/** Time left (ms, floored to seconds; never below zero) as hh:mm:ss, or mm:ss under an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  return h > 0 ? `${two(h)}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}
