/** "HH:mm:ss" of a trade time (epoch ms), local time. */
export function formatTradeTime(ts: number): string {
  const d = new Date(ts)
  const p = (n: number) => (n < 10 ? `0${n}` : String(n))
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}
