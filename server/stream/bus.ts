/**
 * Where committed user events go after the relay read them: every gateway that holds a stream of their user hears
 * them. In one process (the default, no `NATS_URL`) an in-process bus; across processes NATS (issue 22 part 3).
 * Delivery is at least once and per user in the relay's order, which can still differ from sequence order when two
 * relays run: subscribers deduplicate and fill gaps by sequence (server/stream/fanout.ts).
 */
import type { UserEvent } from './events'

/** The bus between the relay and the gateways. */
export interface UserEventBus {
  /** Hands `events` to every subscriber; resolves once the bus took them (NATS: acknowledged). */
  publish(events: readonly UserEvent[]): Promise<void>
  /** Calls `listener` with every event published from now on; returns the unsubscribe. */
  subscribe(listener: (event: UserEvent) => void): () => void
  /**
   * Calls `listener` with the events of `userId` only, published from the moment the returned promise resolves (NATS:
   * the server registered the interest), so a caller that reads the user's last seq after that misses nothing in
   * between. Resolves with the unsubscribe. Optional: a gateway holding few of many users' streams hears only theirs
   * (with NATS, each gateway then receives its users' events instead of everyone's).
   */
  subscribeUser?(userId: number, listener: (event: UserEvent) => void): Promise<() => void>
  close(): Promise<void>
}

/** The single-process bus: synchronous delivery to the listeners of this process. */
export class LocalUserEventBus implements UserEventBus {
  private readonly listeners = new Set<(event: UserEvent) => void>()
  private readonly byUser = new Map<number, Set<(event: UserEvent) => void>>()

  publish(events: readonly UserEvent[]): Promise<void> {
    for (const e of events) {
      callEach(this.listeners, e)
      const own = this.byUser.get(e.userId)
      if (own) callEach(own, e)
    }
    return Promise.resolve()
  }

  subscribe(listener: (event: UserEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  subscribeUser(userId: number, listener: (event: UserEvent) => void): Promise<() => void> {
    let set = this.byUser.get(userId)
    if (!set) this.byUser.set(userId, (set = new Set()))
    set.add(listener)
    return Promise.resolve(() => {
      set.delete(listener)
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId)
    })
  }

  close(): Promise<void> {
    this.listeners.clear()
    this.byUser.clear()
    return Promise.resolve()
  }
}

/** Calls every listener with `e`; one listener's failure is its own (the fan-out logs its errors). */
export function callEach(listeners: Iterable<(event: UserEvent) => void>, e: UserEvent): void {
  for (const l of listeners) {
    try {
      l(e)
    } catch {
      // The others still hear the event.
    }
  }
}
