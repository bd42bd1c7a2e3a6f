/**
 * What the scaling figures of `npm run bench -- cluster` can show on the machine they ran on: every note carries the
 * CPU count and the load average, and each 2-vs-1 ratio is read against the cores (a second process can only add
 * throughput with a core to run on, and on this machine the cores are shared with PostgreSQL, NATS, the load
 * generator, the other roles and other users' work).
 */
import { readFileSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'

/** CPUs this process may use (os.availableParallelism()). */
export const CPUS = availableParallelism()

/** `2 CPUs (os.availableParallelism()), load average 3.1` (the 1-minute load average now). */
export function machineNote(): string {
  return `${CPUS} CPUs (os.availableParallelism()), load average ${loadavg()[0]!.toFixed(1)}`
}

/**
 * What a 2-vs-1 ratio (a throughput ratio, or a time ratio 1 ÷ 2 where higher is better) shows on CPUS cores, in one
 * sentence.
 */
export function scalingNote(ratio: number): string {
  const cores = `${CPUS} cores shared with PostgreSQL, NATS, the load generator, the other roles and the machine's other work`
  if (ratio >= 1.7) return `near-linear: the second process found a core of its own on ${cores}`
  if (ratio >= 1.15)
    return `a partial gain: the second process found part of a core on ${cores}; the ceiling is the free cores, not the code`
  if (ratio >= 0.85)
    return `no gain: the ${cores} were already busy, so the second process had no idle core to run on; this shows the work splits without loss, not how it scales (that needs more cores than ${CPUS})`
  return `a loss: on ${cores}, all busy, a second process adds switching and coordination without a core of its own`
}

/** `1,234` (no decimals, thousands separated). */
export function int(n: number): string {
  return Math.round(n).toLocaleString('en')
}

/** One line of progress on stdout (`  cluster: …`): the bench runs for minutes and prints its rows only at the end. */
export function progress(line: string): void {
  process.stdout.write(`  cluster: ${line}\n`)
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const USER_HZ = 100

/** CPU time (user + system) process `pid` has used so far, s; NaN where /proc cannot tell. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis, from the 3rd (state): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ
  } catch {
    return NaN
  }
}

/** Runs `fn`; answers its value and the cores each of `pids` used meanwhile (its CPU seconds ÷ the wall seconds). */
export async function withCores<T>(pids: number[], fn: () => Promise<T>): Promise<{ value: T; cores: number[] }> {
  const before = pids.map(cpuSeconds)
  const t0 = performance.now()
  const value = await fn()
  const seconds = (performance.now() - t0) / 1000
  return { value, cores: pids.map((pid, i) => (cpuSeconds(pid) - before[i]!) / seconds) }
}

/** `0.42` cores, or `?` where /proc could not tell. */
export function cores(n: number): string {
  return Number.isFinite(n) ? n.toFixed(2) : '?'
}
