/**
 * Pseudo-random numbers for the derived and synthetic sources: mulberry32 (a small, well-mixed 32-bit generator)
 * seeded from a string hash, so each symbol gets its own reproducible stream (tests, a replay's derived parts); and
 * `secureRand`, the OS's secure random source, for the simulator when no seed is given.
 */
import { randomFillSync } from 'node:crypto'

/** A generator of uniform numbers in [0, 1). */
export type Rand = () => number

/** FNV-1a 32-bit hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32 seeded with `seed` (any 32-bit integer). */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A standard normal variate (Box–Muller). */
export function normal(rand: Rand): number {
  const u = 1 - rand()
  const v = rand()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/**
 * Uniform numbers in [0, 1) from the operating system's secure random source (crypto.randomFillSync, 32 bits per
 * draw, 1,024 draws fetched at a time). Not reproducible and not predictable from earlier outputs: the simulator uses
 * it unless a seed is given explicitly, since a 32-bit seeded stream can be recovered from the prices it published
 * (issue 21 part 7).
 */
export function secureRand(): Rand {
  const pool = new Uint32Array(1024)
  let next = pool.length
  return () => {
    if (next === pool.length) {
      randomFillSync(pool)
      next = 0
    }
    return (pool[next++] as number) / 4294967296
  }
}
