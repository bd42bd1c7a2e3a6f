/**
 * Topic → subscribers registry and fan-out. Each push is JSON-stringified, gzipped and framed as a websocket message
 * once, and the same Buffer goes to every subscriber of the topic (DESIGN §3 "encode once, send many").
 */
import type { PushSink } from '../hub/hub'
import { encodeFrame, wireFrame } from './protocol'
import type { Session } from './session'

export class Channels implements PushSink {
  private readonly topics = new Map<string, Set<Session>>()

  /** Registers `session` as a subscriber of `topic`. */
  add(topic: string, session: Session): void {
    let set = this.topics.get(topic)
    if (!set) {
      set = new Set()
      this.topics.set(topic, set)
    }
    set.add(session)
  }

  /** Removes one subscription. */
  remove(topic: string, session: Session): void {
    const set = this.topics.get(topic)
    if (!set) return
    set.delete(session)
    if (set.size === 0) this.topics.delete(topic)
  }

  /** Removes a closed session from every topic. */
  removeSession(session: Session): void {
    for (const topic of session.subs.keys()) this.remove(topic, session)
  }

  /** True when `topic` has at least one subscriber (the hub skips building frames otherwise). */
  wants(topic: string): boolean {
    return this.topics.has(topic)
  }

  /** Encodes `{ch, ts, tick}` and frames it for the wire once, and delivers it to every subscriber of `topic`. */
  push(topic: string, ts: number, tick: unknown): void {
    const set = this.topics.get(topic)
    if (!set) return
    const frame = encodeFrame({ ch: topic, ts, tick })
    const wire = wireFrame(frame)
    for (const session of set) session.deliver(topic, frame, wire)
  }

  /** Number of subscriptions on a topic (0 when none). */
  count(topic: string): number {
    return this.topics.get(topic)?.size ?? 0
  }
}
