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
  close(): Promise<void>
}

/** The single-process bus: synchronous delivery to the listeners of this process. */
export class LocalUserEventBus implements UserEventBus {
  private readonly listeners = new Set<(event: UserEvent) => void>()

  publish(events: readonly UserEvent[]): Promise<void> {
    for (const e of events)
      for (const l of this.listeners) {
        try {
          l(e)
        } catch {
          // A listener's failure is its own (the fan-out logs its errors); the others still hear the event.
        }
      }
    return Promise.resolve()
  }

  subscribe(listener: (event: UserEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  close(): Promise<void> {
    this.listeners.clear()
    return Promise.resolve()
  }
}
