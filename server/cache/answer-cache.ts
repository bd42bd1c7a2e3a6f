/**
 * Serialized answers of public, rarely-changing calls (`common/config`, `currency/currency_list`, …) kept in memory
 * with their strong ETag, so a hot request costs a map lookup instead of a database read. Each entry depends on
 * change topics (`settings`, `markets`); a change notice on a topic (change-feed.ts) drops the entries that depend
 * on it, and the next request rebuilds them.
 */
import { createHash } from 'node:crypto'
import type { ChangeTopic } from './change-feed'

/** One cached answer: the exact body bytes sent and their ETag. */
export interface CachedAnswer {
  /** JSON text of the whole envelope. */
  body: string
  /** Strong ETag, quoted: `"<27 chars of base64url SHA-1 of body>"`. Same body → same tag in every process. */
  etag: string
  /** When it was built, epoch ms. */
  builtAt: number
}

/** How a key is built. */
export interface AnswerSpec {
  /** Topics whose change makes the answer stale. Empty = never stale (static data). */
  topics: readonly ChangeTopic[]
  /** Rebuild after this many ms even without a change (an answer carrying a clock). Default: never. */
  maxAgeMs?: number | undefined
  /** Builds the envelope object to serialize, or a promise of it. Runs at most once at a time per key. */
  build(): unknown
}

/** Strong ETag of a body: SHA-1 (collision resistance is not a concern for cache validators), base64url. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

interface Entry {
  answer: CachedAnswer
  topics: readonly ChangeTopic[]
  maxAgeMs: number | undefined
}

/**
 * Per-process answer cache. Correctness under races: every invalidation bumps a generation counter, and a build
 * stores its answer only if no invalidation happened while it ran (else the answer is served once and not kept), so
 * an answer read before a commit can never outlive that commit's notice. While `enabled` is false (the change feed
 * is not listening, e.g. PostgreSQL reconnecting) nothing is stored and every request builds afresh.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Entry>()
  /** Builds in flight, with the generation they started in: only a build of the current generation is shared. */
  readonly #building = new Map<string, { generation: number; promise: Promise<CachedAnswer> }>()
  #generation = 0
  #enabled = true
  /** Builds done since creation (tests read it to see that a hot path did not rebuild). */
  builds = 0

  /** The cached answer of `key`, built with `spec` when missing or stale. @throws what `spec.build` throws. */
  async get(key: string, spec: AnswerSpec, now = Date.now()): Promise<CachedAnswer> {
    const hit = this.#entries.get(key)
    if (hit && (hit.maxAgeMs === undefined || now - hit.answer.builtAt < hit.maxAgeMs)) return hit.answer
    const generation = this.#generation
    const pending = this.#building.get(key)
    if (pending?.generation === generation) return pending.promise
    const building = (async () => {
      this.builds++
      const body = JSON.stringify(await spec.build())
      const answer: CachedAnswer = { body, etag: etagOf(body), builtAt: Date.now() }
      if (this.#enabled && generation === this.#generation) {
        this.#entries.set(key, { answer, topics: spec.topics, maxAgeMs: spec.maxAgeMs })
      }
      return answer
    })()
    this.#building.set(key, { generation, promise: building })
    try {
      return await building
    } finally {
      if (this.#building.get(key)?.promise === building) this.#building.delete(key)
    }
  }

  /** Drops every entry depending on `topic` (`'*'` = all entries). */
  invalidate(topic: ChangeTopic | '*'): void {
    this.#generation++
    for (const [key, entry] of this.#entries) {
      if (topic === '*' || entry.topics.includes(topic)) this.#entries.delete(key)
    }
  }

  /**
   * Turns storing on or off. Turning it off drops everything: the caller can no longer promise to hear about
   * changes. Turning it back on also starts from empty (notices may have been missed meanwhile).
   */
  setEnabled(enabled: boolean): void {
    this.#enabled = enabled
    this.invalidate('*')
  }

  /** Number of stored answers. */
  get size(): number {
    return this.#entries.size
  }
}

/**
 * True when an If-None-Match header value names `etag` (or is `*`), so the answer is 304 Not Modified. Uses the weak
 * comparison RFC 9110 §13.1.2 prescribes for If-None-Match: a `W/` prefix is ignored.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
