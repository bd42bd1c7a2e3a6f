/** A scriptable WebSocketLike for timing tests under fake timers (no network). */
import { gz } from './frames'
import type { WebSocketLike } from '../../../src-worker/socket/types'

export class FakeSocket implements WebSocketLike {
  static all: FakeSocket[] = []
  binaryType = 'blob'
  readyState = 0
  sent: Record<string, unknown>[] = []
  closed = false
  onopen: ((ev: unknown) => void) | null = null
  onclose: ((ev: unknown) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null

  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>)
  }

  close(): void {
    this.closed = true
    this.readyState = 3
  }

  /** Server side: accept the connection. */
  open(): void {
    this.readyState = 1
    this.onopen?.({})
  }

  /** Server side: send a gzip frame. */
  receive(msg: unknown): void {
    const b = gz(msg)
    this.onmessage?.({ data: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) })
  }

  /** Server side: send a text frame (the user stream's JSON). */
  receiveText(msg: unknown): void {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) })
  }

  /** Server side: the connection went away (with the close `code` when given). */
  drop(code?: number): void {
    this.readyState = 3
    this.onclose?.(code === undefined ? {} : { code })
  }

  pings(): number[] {
    return this.sent.filter((m) => 'ping' in m).map((m) => m.ping as number)
  }
}
