/**
 * A stream of orders against several api processes (issue 22 part 6), as clients that outlive a process would send
 * it: a call whose answer is lost (the api died: connection refused or cut, or a 5xx) is sent again, with the same
 * Idempotency-Key and body (the same `client_oid`), to the next api of the list. Each user loops over a mix:
 * a limit buy at the last print (the feed trades through it within seconds: the matcher fills it), a resting buy well
 * below it (cancelled two steps later), a crossing buy at the best ask (filled at placement from the book), and in
 * turn a second contract (settled at delivery by a jobs process) or a futures position with little more than its
 * margin (liquidated by an engine on a small move). Everything acknowledged is recorded for the audit.
 */
import { randomUUID } from 'node:crypto'

/** The envelope of an /api/ answer. */
export interface Answer<T = Record<string, unknown>> {
  code: number
  msg: string
  data: T
}

/** Calls over a list of api base URLs, failing over on a lost answer. */
export class ClusterApi {
  /** Calls sent to each api and not answered yet. */
  readonly inFlight: number[]
  /** Attempts whose answer never came: cut mid-call (the api died with it) or a 5xx; sent again to the next api. */
  lostAnswers = 0
  /** Attempts refused at connect (that api is down); sent to the next api. */
  refusedConnections = 0

  constructor(readonly urls: readonly string[]) {
    this.inFlight = urls.map(() => 0)
  }

  /**
   * POSTs `body` to `path` as `token`, starting at api `home`; a lost answer is retried (same Idempotency-Key, same
   * body) on the next api, every 50 ms, for up to `timeoutMs`.
   * @throws the last error when no api answered in time
   */
  async post<T>(token: string, path: string, body: object, home: number, timeoutMs = 30_000): Promise<Answer<T>> {
    const key = randomUUID()
    const deadline = Date.now() + timeoutMs
    for (let attempt = 0; ; attempt++) {
      const i = (home + attempt) % this.urls.length
      this.inFlight[i]!++
      try {
        const res = await fetch(`${this.urls[i]}/api/${path}`, {
          method: 'POST',
          headers: { token, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        })
        if (res.status < 500) return (await res.json()) as Answer<T>
        throw new Error(`HTTP ${res.status}: ${await res.text()}`)
      } catch (err) {
        if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') this.refusedConnections++
        else this.lostAnswers++
        if (Date.now() > deadline) throw err
        await new Promise((r) => setTimeout(r, 50))
      } finally {
        this.inFlight[i]!--
      }
    }
  }
}

/** The best bid and ask of the traded market and its last print's price, as the test follows them. */
export type Quote = () => { bid: number; ask: number; last?: number } | undefined

/** What one user of the load sends. */
export interface LoadUser {
  id: number
  token: string
  /** Index of the api it calls first. */
  home: number
}

/** An acknowledged order: what the audit looks for. */
export interface AckedOrder {
  userId: number
  kind: 'spot' | 'micro' | 'futures'
  clientOid: string
  id: number
}

/** What the load sent and got, cumulative. */
export interface LoadRecord {
  acked: AckedOrder[]
  /** Every client_oid sent, acknowledged or not. */
  sent: Set<string>
  /** Spot orders whose cancel was acknowledged. */
  cancelled: number[]
  /** Refusals by message (lack of funds, a stale book…): not losses, but counted. */
  refused: Map<string, number>
}

/** Options of the order mix. */
export interface LoadOptions {
  spotSymbol: string
  /** Base amount of each spot buy. */
  spotAmount: string
  /** Decimals of the spot market's prices. */
  pricePrecision: number
  /** Second contracts: symbol, duration (s) and stake; none when absent. */
  micro?: { symbol: string; duration: number; amount: string }
  /** Futures positions: symbol, amount, leverage and the margin moved to the futures wallet before each. */
  futures?: { symbol: string; amount: string; leverage: number; margin: string }
  /** Pause between one user's calls, ms. */
  pauseMs: number
}

/** Runs each user's loop until `stop()`. */
export class OrderLoad {
  readonly record: LoadRecord = { acked: [], sent: new Set(), cancelled: [], refused: new Map() }
  /** Whether second contracts and futures positions are opened now (turned off before the end, so they settle). */
  microOn = true
  private running = false
  private loops: Promise<void>[] = []
  private failure: unknown

  constructor(
    private readonly api: ClusterApi,
    private readonly users: readonly LoadUser[],
    private readonly quote: Quote,
    private readonly opts: LoadOptions,
  ) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.loops = this.users.map((u) => this.loop(u))
  }

  /** Ends every loop after its current call; rethrows the first failure of a loop. */
  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.loops)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a loop's failure as it came
    if (this.failure !== undefined) throw this.failure
  }

  /** Spot orders acknowledged so far. */
  placed(): number {
    return this.record.acked.length
  }

  private async loop(u: LoadUser): Promise<void> {
    const resting: number[] = []
    try {
      for (let step = 0; this.running; step++) {
        const q = this.quote()
        if (!q) {
          await new Promise((r) => setTimeout(r, 100))
          continue
        }
        const p = 10 ** this.opts.pricePrecision
        switch (step % 5) {
          case 0: {
            // at the last print (the best bid when that crosses): the matcher fills it when a print trades through
            const at = q.last !== undefined && q.last < q.ask ? Math.max(q.last, q.bid) : q.bid
            await this.spot(u, at.toFixed(this.opts.pricePrecision))
            break
          }
          case 1: {
            // far below: rests until cancelled
            const id = await this.spot(u, (Math.floor(q.bid * 0.95 * p) / p).toFixed(this.opts.pricePrecision))
            if (id !== undefined) resting.push(id)
            break
          }
          case 2: // a second contract, or a futures position, in turn
            if (step % 10 === 2 && this.opts.micro && this.microOn) await this.micro(u, step % 20 === 2 ? 'up' : 'down')
            if (step % 10 === 7 && this.opts.futures && this.microOn) await this.position(u)
            break
          case 3: {
            const id = resting.shift()
            if (id !== undefined) await this.cancel(u, id)
            break
          }
          case 4: // at the best ask: crosses the book, filled at placement
            await this.spot(u, q.ask.toFixed(this.opts.pricePrecision))
            break
        }
        await new Promise((r) => setTimeout(r, this.opts.pauseMs))
      }
    } catch (err) {
      this.failure ??= err
      this.running = false
    }
  }

  /** Moves the margin to `u`'s futures wallet and opens a position at the market (long for odd user ids). */
  private async position(u: LoadUser): Promise<void> {
    const f = this.opts.futures!
    const move = { currency: 'USDT', from: 'spot', to: 'contract', amount: f.margin }
    const moved = await this.api.post(u.token, 'assets/transfer', move, u.home)
    if (moved.code !== 1) return this.refused(moved.msg)
    const order = { symbol: f.symbol, side: u.id % 2 ? 'long' : 'short', amount: f.amount, leverage: f.leverage }
    await this.place(u, 'futures', 'contract/order_place', { ...order, type: 'market', client_oid: randomUUID() })
  }

  private async spot(u: LoadUser, price: string): Promise<number | undefined> {
    const client_oid = randomUUID()
    const body = { symbol: this.opts.spotSymbol, side: 'buy', type: 'limit', price, amount: this.opts.spotAmount }
    return this.place(u, 'spot', 'trade/order_place', { ...body, client_oid })
  }

  private async micro(u: LoadUser, direction: 'up' | 'down'): Promise<void> {
    const m = this.opts.micro!
    const body = { symbol: m.symbol, direction, duration_s: m.duration, amount: m.amount }
    await this.place(u, 'micro', 'micro/order_place', { ...body, client_oid: randomUUID() })
  }

  private async place(
    u: LoadUser,
    kind: AckedOrder['kind'],
    path: string,
    body: { client_oid: string; [field: string]: unknown },
  ): Promise<number | undefined> {
    this.record.sent.add(body.client_oid)
    const a = await this.api.post<{ id: number }>(u.token, path, body, u.home)
    if (a.code !== 1) return void this.refused(a.msg)
    this.record.acked.push({ userId: u.id, kind, clientOid: body.client_oid, id: a.data.id })
    return a.data.id
  }

  private async cancel(u: LoadUser, id: number): Promise<void> {
    const a = await this.api.post(u.token, 'trade/order_cancel', { id }, u.home)
    if (a.code === 1) this.record.cancelled.push(id)
    else this.refused(a.msg)
  }

  private refused(msg: string): void {
    this.record.refused.set(msg, (this.record.refused.get(msg) ?? 0) + 1)
  }
}
