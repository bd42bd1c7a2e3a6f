/**
 * The two halves of the user stream together (issue 22 parts 1 and 2): the market worker's engine (src-worker, over
 * the `ws` package) against a real server (launchServer, PGlite). It takes a ticket from `POST user/ws_ticket`,
 * authenticates on `/ws/v2`, and keeps the user's balance as the ledger commits it; when the server drops the socket
 * it comes back with a new ticket and resumes, and the events committed meanwhile arrive, none missing, none twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UserSnapshot } from '../../common/engine-api'
import type { RunningServer } from '../../server/http/launch'
import { makeEngine } from '../worker/support/engine-harness'
import { until } from '../worker/support/htx-server'
import { fundUsdt, openUsdtTrc20 } from '../helpers/money-calls'
import { pgliteTemplateClient } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'
import { launchStreamServer } from '../helpers/stream-server'

describe('the worker’s user stream against the server', () => {
  let server: RunningServer
  let op: TestUser
  beforeAll(async () => {
    server = await launchStreamServer({ pglite: await pgliteTemplateClient() })
    op = await makeUser(server.database.db, 'operator')
    await openUsdtTrc20(server.database.db)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('follows the ledger: deposits pushed, a dropped socket resumed with a new ticket, none missing, none twice', async () => {
    const user = await makeUser(server.database.db)
    const { engine } = makeEngine({ userTiming: { reconnectDelayMs: 20, reconnectMaxDelayMs: 100 } })
    const snaps: UserSnapshot[] = []
    await engine.user.subscribe((s) => void snaps.push(s))
    const tickets: string[] = []
    const getTicket = async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/user/ws_ticket',
        headers: { token: user.token },
      })
      const ticket = res.json<{ data: { ticket: string } }>().data.ticket
      tickets.push(ticket)
      return ticket
    }
    try {
      await engine.user.connect(getTicket, { url: `ws://127.0.0.1:${server.market.port}/ws` })
      await until(async () => (await engine.user.status()).state === 'live', 'live')
      const spot = () =>
        snaps.at(-1)?.balances.find((b) => b.book === 'live' && b.wallet === 'spot' && b.currency === 'USDT')

      await fundUsdt(server.app, user.token, op.token, '100')
      await until(() => spot()?.available === '100', 'the first deposit')

      // The server drops every user-stream socket; two deposits commit while the worker is away.
      const reconnectsBefore = (await engine.user.status()).reconnects
      server.stream.server.dropConnections('test: restart')
      await fundUsdt(server.app, user.token, op.token, '20')
      await fundUsdt(server.app, user.token, op.token, '5')
      await until(() => spot()?.available === '125', 'both deposits after the resume')
      // Live once every channel's resume is answered (the balance may come with the first one).
      await until(async () => (await engine.user.status()).state === 'live', 'live again')
      const status = await engine.user.status()
      expect(status.reconnects).toBeGreaterThan(reconnectsBefore)
      expect(status.state).toBe('live')
      expect(new Set(tickets).size, 'a new single-use ticket per connection').toBe(tickets.length)
      expect(tickets.length).toBeGreaterThanOrEqual(2)
      // Every event once, none missing, in sequence order (the resume replays channel by channel, 3, 5, then the
      // deposits' notice 4 on its own channel; the worker holds 5 until 4 came).
      const seqs = snaps.flatMap((s) => s.events.map((e) => e.seq))
      expect(seqs, 'every event once, in order').toEqual(seqs.map((_, i) => i + 1))
      expect(seqs.length, 'three deposits, each a balance and a notice').toBe(6)
      expect(status.lastSeq).toBe(seqs.length)
      expect(status.duplicates).toBe(0)
    } finally {
      await engine.user.disconnect()
    }
  })
})
