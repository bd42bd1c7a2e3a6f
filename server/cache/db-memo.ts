/**
 * A value per database handle and key, read at most once per `ttlMs` (hot paths that must not query for rarely
 * changing settings on every call: a market's price age limit, its trading terms). `forget()` drops every copy of
 * this process at once (the writer calls it when it saves); other processes see a change within `ttlMs`.
 */
import type { Db } from '../db/client'

/** A memo of `read(db, key)`; see the module comment. */
export interface DbMemo<T> {
  /** The value of `key` in `db`: the kept copy while it is younger than the TTL and not forgotten, else read again. */
  get(db: Db, key: string): Promise<T>
  /** Drops this process's copies (every entry read before counts as expired). */
  forget(): void
}

/** A memo of `read`, each value kept `ttlMs` (ms) per database handle and key. */
export function dbMemo<T>(ttlMs: number, read: (db: Db, key: string) => Promise<T>): DbMemo<T> {
  const kept = new WeakMap<Db, Map<string, { value: T; until: number; generation: number }>>()
  // A WeakMap cannot be cleared: forgetting bumps the generation, and an entry of an older one counts as expired.
  let generation = 0
  return {
    async get(db, key) {
      let known = kept.get(db)
      if (!known) kept.set(db, (known = new Map<string, { value: T; until: number; generation: number }>()))
      const now = Date.now()
      const hit = known.get(key)
      if (hit && hit.until > now && hit.generation === generation) return hit.value
      const readIn = generation
      const value = await read(db, key)
      known.set(key, { value, until: now + ttlMs, generation: readIn })
      return value
    },
    forget() {
      generation++
    },
  }
}
