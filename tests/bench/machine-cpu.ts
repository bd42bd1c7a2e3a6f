/**
 * What the machine's cores did during a timed part of a bench (Linux `/proc/stat`), so a row that misses its target
 * can say whether the cores were the bound (all busy) or something else was (waiting: locks, commits, round trips).
 */
import { readFileSync } from 'node:fs'
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

/** A reading of the CPU between `cpuMeter()` and `read()`. */
export interface CpuReading {
  /** Share of all cores busy (0–1), every process of the machine; undefined off Linux. */
  machine: number | undefined
  /** This process's CPU time over the wall time, in cores (1 = one core all the time). */
  self: number
}

/** Starts measuring; `read()` answers what the cores did since. */
export function cpuMeter(): { read(): CpuReading } {
  const t0 = ticks()
  const u0 = process.cpuUsage()
  const w0 = performance.now()
  return {
    read() {
      const t1 = ticks()
      const u = process.cpuUsage(u0)
      const wall = performance.now() - w0
      const machine = t0 && t1 && t1.total > t0.total ? 1 - (t1.idle - t0.idle) / (t1.total - t0.total) : undefined
      return { machine, self: (u.user + u.system) / 1000 / Math.max(wall, 1) }
    },
  }
}

/** "machine 68 % busy of 2 cores, this process 0.55 core" from the medians of several readings. */
export function cpuNote(readings: readonly CpuReading[], self = 'this process'): string {
  const machine = readings.map((r) => r.machine).filter((m): m is number => m !== undefined)
  const busy = machine.length
    ? `machine ${Math.round(100 * medianOf(machine))} % busy of ${availableParallelism()} cores`
    : 'machine load unknown (no /proc/stat)'
  return `${busy}, ${self} ${medianOf(readings.map((r) => r.self)).toFixed(2)} core (medians)`
}
