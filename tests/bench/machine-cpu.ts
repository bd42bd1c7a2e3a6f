/**
 * What the machine's cores did during a timed part of a bench (Linux `/proc/stat`), so a row that misses its target
 * can say whether the cores were the bound (all busy) or something else was (waiting: locks, commits, round trips).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { medianOf } from './stats'

interface Ticks {
  idle: number
  total: number
}

function ticks(): Ticks | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) }
  } catch {
    return undefined
  }
}

/** Linux's USER_HZ: the unit of /proc/stat and /proc/<pid>/stat times (100 on every Linux architecture we run). */
const TICKS_PER_SECOND = 100

/**
 * CPU ticks (user + system) of every PostgreSQL process of this machine (`/proc/<pid>/stat` whose name is
 * `postgres`: the postmaster and its backends); a backend that ends between two readings takes its ticks with it,
 * which the benches avoid by keeping their connections open. Undefined off Linux or when none is visible.
 */
function postgresTicks(): number | undefined {
  let sum = 0
  let found = false
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined
  }
  for (const pid of pids) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // gone
    }
    const open = stat.indexOf('(')
    const close = stat.lastIndexOf(')')
    if (stat.slice(open + 1, close) !== 'postgres') continue
    // After the name: state is field 3; utime and stime are fields 14 and 15 (proc(5)).
    const fields = stat.slice(close + 2).split(' ')
    sum += Number(fields[11]) + Number(fields[12])
    found = true
  }
  return found ? sum : undefined
}

/** A reading of the CPU between `cpuMeter()` and `read()`. */
export interface CpuReading {
  /** Share of all cores busy (0–1), every process of the machine; undefined off Linux. */
  machine: number | undefined
  /** This process's CPU time over the wall time, in cores (1 = one core all the time). */
  self: number
  /** PostgreSQL's CPU time (all its processes) over the wall time, in cores; undefined when not measurable. */
  postgres: number | undefined
}

/** Starts measuring; `read()` answers what the cores did since. */
export function cpuMeter(): { read(): CpuReading } {
  const t0 = ticks()
  const p0 = postgresTicks()
  const u0 = process.cpuUsage()
  const w0 = performance.now()
  return {
    read() {
      const t1 = ticks()
      const u = process.cpuUsage(u0)
      const p1 = postgresTicks()
      const wall = performance.now() - w0
      const machine = t0 && t1 && t1.total > t0.total ? 1 - (t1.idle - t0.idle) / (t1.total - t0.total) : undefined
      const postgres =
        p0 !== undefined && p1 !== undefined ? ((p1 - p0) * 1000) / TICKS_PER_SECOND / Math.max(wall, 1) : undefined
      return { machine, self: (u.user + u.system) / 1000 / Math.max(wall, 1), postgres }
    },
  }
}

/** "machine 68 % busy of 2 cores, this process 0.55 core" from the medians of several readings. */
export function cpuNote(readings: readonly CpuReading[], self = 'this process'): string {
  const machine = readings.map((r) => r.machine).filter((m): m is number => m !== undefined)
  const busy = machine.length
    ? `machine ${Math.round(100 * medianOf(machine))} % busy of ${availableParallelism()} cores`
    : 'machine load unknown (no /proc/stat)'
  const pg = readings.map((r) => r.postgres).filter((m): m is number => m !== undefined)
  const postgres = pg.length ? `, PostgreSQL ${medianOf(pg).toFixed(2)} core` : ''
  return `${busy}, ${self} ${medianOf(readings.map((r) => r.self)).toFixed(2)} core${postgres} (medians)`
}

/**
 * CPU time per call in ms, split "this process + PostgreSQL", from each round's reading and calls per second
 * (medians): "1.20 + 2.10 = 3.30 ms CPU per transfer, so 2 cores allow at most 606/s". The ceiling is what
 * the machine's cores allow if nothing else ran: a rate near it is bound by CPU, one far below it by waiting.
 */
export function cpuPerCall(runs: readonly { cpu: CpuReading; perSecond: number }[], what: string): string {
  const perCall = (cores: number, perSecond: number) => (cores * 1000) / Math.max(perSecond, 1e-9)
  const self = medianOf(runs.map((r) => perCall(r.cpu.self, r.perSecond)))
  const pg = runs.map((r) => (r.cpu.postgres === undefined ? undefined : perCall(r.cpu.postgres, r.perSecond)))
  if (pg.some((v) => v === undefined)) return `${self.toFixed(2)} ms CPU of this process per ${what}`
  const postgres = medianOf(pg as number[])
  const total = self + postgres
  const cores = availableParallelism()
  return (
    `${self.toFixed(2)} + ${postgres.toFixed(2)} (PostgreSQL) = ${total.toFixed(2)} ms CPU per ${what}, so ` +
    `${cores} cores allow at most ${Math.round((cores * 1000) / total)}/s`
  )
}
