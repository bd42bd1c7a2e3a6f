/**
 * The PWA's own user-stream client (src-worker/user/user-stream.ts: subscribes the four channels, reconnects with
 * backoff, resumes every channel with `from_seq` = the last sequence number it applied, applies events in sequence
 * order) on real `ws` sockets to a list of gateways, for tests where gateways die (issue 22 part 6): each socket goes
 * to the gateway after the one whose socket closed last, so a client whose gateway died resumes on the next one. It
 * keeps the seq of every event the client applied, in order, and watches the frames for what came by a resume.
 */
import WebSocket from 'ws'
import { USER_STREAM_PATH, channelOfEvent, topicOfChannel, type StreamServerMessage } from '../../common/api/stream'
import { UserStream } from '../../src-worker/user/user-stream'
import type { WebSocketLike } from '../../src-worker/socket/types'

/** What a resuming client did and received. */
export interface ResumeStats {
  /** Sockets opened after the first. */
  reconnects: number
  /** Pushes that came by a resume (seq at or below its channel's `sub` answer, after that answer, on a new socket). */
  replayed: number
  /** `sub` answers other than 200 (a 410 resync would mean the resume could not be served). */
  refused: string[]
}

export class ResumingStream {
  /** The seq of every event the client applied, in the order it applied them. */
  readonly seqs: number[] = []
  /** Per subscribed channel (`orders#*` for every market's orders), the seqs applied from it, in order. */
  readonly byChannel = new Map<string, number[]>()
  readonly stats: ResumeStats = { reconnects: 0, replayed: 0, refused: [] }
  /** The seq it started after: what came before it connected is the REST snapshot's (the app reads it so). */
  from = 0
  /** Index (in `gateways`) of the gateway of the current or next socket. */
  at: number
  private readonly client: UserStream
  private sockets = 0
  private waiters: (() => void)[] = []

  private constructor(
    private readonly gateways: readonly string[],
    home: number,
  ) {
    this.at = home
    this.client = new UserStream({
      factory: () => this.socket(),
      onEvent: (ev) => {
        this.seqs.push(ev.seq)
        const ch = channelOfEvent(topicOfChannel(ev.ch).topic, null)
        this.byChannel.set(ch, [...(this.byChannel.get(ch) ?? []), ev.seq])
        for (const w of this.waiters.splice(0)) w()
      },
      onChange: () => {},
      log: { warn: () => {} },
    })
  }

  /** Connects to `gateways[home]` (`ws://host:port`) with the session `token`; resolves once it is live. */
  static async open(gateways: readonly string[], token: string, home: number): Promise<ResumingStream> {
    const s = new ResumingStream(gateways, home)
    s.client.connect(gateways[home]!, () => Promise.resolve(token))
    const deadline = Date.now() + 20_000
    while (s.client.status().state !== 'live') {
      if (Date.now() > deadline) throw new Error(`user stream not live: ${JSON.stringify(s.client.status())}`)
      await new Promise((r) => setTimeout(r, 20))
    }
    s.from = s.max()
    return s
  }

  /** The highest seq applied (0 before any). */
  max(): number {
    return this.client.seqs.last ?? 0
  }

  /** Holes the client gave up waiting for (an event applied after a number that never came). */
  holesSkipped(): number {
    return this.client.seqs.holesSkipped
  }

  /** Resolves once the client applied seq `seq`; rejects after `timeoutMs`. */
  async reach(seq: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.max() < seq) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`client applied up to seq ${this.max()}, not ${seq}, within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200))
        this.waiters.push(() => {
          clearTimeout(t)
          resolve()
        })
      })
    }
  }

  /** Stops the client for good. */
  close(): void {
    this.client.close()
  }

  /** A socket to the current gateway; when it closes, the next socket goes to the next gateway. */
  private socket(): WebSocketLike {
    if (this.sockets++ > 0) this.stats.reconnects++
    const ws = new WebSocket(this.gateways[this.at]! + USER_STREAM_PATH)
    const resumed = this.sockets > 1
    const upTo = new Map<string, number>()
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as StreamServerMessage
      if (m.action === 'sub' && m.code === 200) upTo.set(m.ch, m.data?.seq ?? 0)
      else if (m.action === 'sub') this.stats.refused.push(JSON.stringify(m))
      if (m.action !== 'push' || !resumed) return
      const ch = channelOfEvent(topicOfChannel(m.ch).topic, null)
      if (m.data.seq <= (upTo.get(ch) ?? 0)) this.stats.replayed++
    })
    ws.on('close', () => (this.at = (this.at + 1) % this.gateways.length))
    return ws as unknown as WebSocketLike
  }
}
