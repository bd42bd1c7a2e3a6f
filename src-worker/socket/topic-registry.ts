/**
 * Live topics with reference counts, so several views share one `sub` (htx-protocol.md a6). Each reference may ask
 * for a push interval (`freq`, ms); the topic is subscribed at the fastest one asked, or unthrottled if any
 * reference wants every push.
 */

interface Entry {
  /** Requested freq per reference; undefined = every push. */
  refs: (number | undefined)[]
}

/** What the socket must send after a change: nothing, a sub, an unsub, or both (freq changed). */
export interface RegistryChange {
  sub?: { topic: string; freq: number | undefined }
  unsub?: string
}

export class TopicRegistry {
  private readonly topics = new Map<string, Entry>()

  /** Adds a reference. */
  acquire(topic: string, freq?: number): RegistryChange {
    const e = this.topics.get(topic)
    if (!e) {
      this.topics.set(topic, { refs: [freq] })
      return { sub: { topic, freq } }
    }
    const before = effectiveFreq(e)
    e.refs.push(freq)
    return changeOf(topic, before, effectiveFreq(e))
  }

  /** Drops one reference made with the same `freq`. Releasing an unknown topic does nothing. */
  release(topic: string, freq?: number): RegistryChange {
    const e = this.topics.get(topic)
    if (!e) return {}
    const i = e.refs.indexOf(freq)
    if (i < 0) return {}
    const before = effectiveFreq(e)
    e.refs.splice(i, 1)
    if (e.refs.length === 0) {
      this.topics.delete(topic)
      return { unsub: topic }
    }
    return changeOf(topic, before, effectiveFreq(e))
  }

  /** Every live topic with its freq, for resubscribing after a reconnect. */
  live(): { topic: string; freq: number | undefined }[] {
    return [...this.topics].map(([topic, e]) => ({ topic, freq: effectiveFreq(e) }))
  }

  refCount(topic: string): number {
    return this.topics.get(topic)?.refs.length ?? 0
  }

  names(): string[] {
    return [...this.topics.keys()]
  }
}

function effectiveFreq(e: Entry): number | undefined {
  let min: number | undefined
  for (const f of e.refs) {
    if (f === undefined) return undefined
    min = min === undefined ? f : Math.min(min, f)
  }
  return min
}

function changeOf(topic: string, before: number | undefined, after: number | undefined): RegistryChange {
  // A new freq needs a fresh sub; HTX has no "modify", so unsub then sub.
  return before === after ? {} : { unsub: topic, sub: { topic, freq: after } }
}
