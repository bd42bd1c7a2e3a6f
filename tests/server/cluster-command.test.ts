/**
 * `npm run cluster` (issue 22 part 5), package.json's "cluster" command run as a process of the test, on a fresh
 * PostgreSQL database and NATS prefixes of this run (the suites fail under CI=true when either is missing):
 * - `--api 2 --gateway 2 --engine 2`: one line per process (1 ingest, 2 api, 2 gateway, 2 engine, 1 jobs) naming the
 *   server process's pid and its port; both api ports answer `/api/common/config`, each telling its own gateway's
 *   port; both gateways serve a ticker; SIGTERM stops them all and the cluster exits 0 with every pid gone.
 * - `--ingest 2`: the second ingest says it is the standby; the active one killed, the standby takes over, the cluster
 *   goes on and its gateway serves tickers again; any other process killed: the cluster names it, stops the others
 *   and exits 1.
 * - the cluster itself killed (SIGKILL), so unable to stop anything: its processes stop by themselves.
 * - without DATABASE_URL: one line naming it and exit 2, nothing started.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jetstreamManager } from '@nats-io/jetstream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeNats, connectNats } from '../../server/bus/nats'
import { subjects } from '../../server/bus/subjects'
import { freePortRange } from '../helpers/app-server'
import { runClusterCommand, type ClusterCommand } from '../helpers/cluster-command'
import { FeedClient } from '../helpers/market-client'
import { describeCluster, NATS_TEST_URL, testPrefix } from '../helpers/nats'

/** ms for a cluster to print `cluster: N processes up` (every process migrates, seeds and loads market history). */
const UP_MS = 90_000
const UP = /^cluster: \d+ processes up; Ctrl-C stops them all$/

/** What `process.kill(pid, 0)` says of each pid: `alive`, or the error code (ESRCH: no such process). */
const probe = (pids: number[]) =>
  pids.map((pid) => {
    try {
      process.kill(pid, 0)
      return 'alive'
    } catch (err) {
      return (err as NodeJS.ErrnoException).code
    }
  })

describe('npm run cluster without DATABASE_URL', () => {
  let cluster: ClusterCommand | undefined
  afterAll(() => cluster?.kill(), 60_000)

  it('says so in one line and exits 2, starting nothing', async () => {
    cluster = runClusterCommand(['--api', '2'], { DATABASE_URL: '', NATS_URL: NATS_TEST_URL })
    expect(await cluster.exited).toEqual({ code: 2, signal: null })
    expect(cluster.stderr()).toBe(
      'cluster: DATABASE_URL: required (postgres://…): every process of the cluster shares it\n',
    )
    expect(cluster.upLines()).toEqual([])
  }, 60_000)
})

await describeCluster('npm run cluster', (pgDatabase) => {
  /** Starts a cluster on free ports (api from `base`, gateways after them) and waits until it says all are up. */
  const start = async (flags: string[], apis: number, gateways: number) => {
    const base = await freePortRange(apis + gateways)
    const prefix = testPrefix()
    const cluster = runClusterCommand(flags, {
      HOST: '127.0.0.1',
      PORT: String(base),
      MARKET_PORT: String(base + apis),
      MARKET_PUBLIC_PORT: '',
      MARKET_SOURCE: 'sim',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-cluster-')),
      DATABASE_URL: pgDatabase.url,
      NATS_URL: NATS_TEST_URL,
      NATS_PREFIX: prefix,
    })
    await cluster.waitForLine(UP, UP_MS)
    return { cluster, base, prefix }
  }
  /** Stops `cluster` whatever its state and removes its prefix's user-event stream. */
  const cleanUp = async (cluster: ClusterCommand | undefined, prefix: string | undefined) => {
    await cluster?.kill()
    if (prefix === undefined) return
    const nc = await connectNats({ url: NATS_TEST_URL, role: 'cleanup' })
    try {
      const jsm = await jetstreamManager(nc)
      await jsm.streams.delete(subjects(prefix).userStream).catch(() => false)
    } finally {
      await closeNats(nc)
    }
  }

  describe('--api 2 --gateway 2 --engine 2', () => {
    let cluster: ClusterCommand
    let prefix: string
    let base: number
    const url = (name: string) => cluster.upLines().find((l) => l.name === name)!.url!

    beforeAll(async () => {
      ;({ cluster, base, prefix } = await start(['--api', '2', '--gateway', '2', '--engine', '2'], 2, 2))
    }, UP_MS + 10_000)
    afterAll(() => cleanUp(cluster, prefix), 60_000)

    it("prints one line per process with the server process's pid and its port", () => {
      const lines = cluster.upLines()
      expect(lines.map((l) => l.name).sort()).toEqual([
        'api#1',
        'api#2',
        'engine#1',
        'engine#2',
        'gateway#1',
        'gateway#2',
        'ingest#1',
        'jobs#1',
      ])
      // Eight distinct pids, which are every process the cluster started (it has one of its own).
      const pids = lines.map((l) => l.pid)
      expect(new Set(pids).size).toBe(8)
      expect(cluster.running().sort((a, b) => a - b)).toEqual([cluster.pid, ...pids].sort((a, b) => a - b))
      expect(Object.fromEntries(lines.map((l) => [l.name, l.url]))).toEqual({
        'ingest#1': undefined,
        'api#1': `http://127.0.0.1:${base}`,
        'api#2': `http://127.0.0.1:${base + 1}`,
        'gateway#1': `ws://127.0.0.1:${base + 2}`,
        'gateway#2': `ws://127.0.0.1:${base + 3}`,
        'engine#1': undefined,
        'engine#2': undefined,
        'jobs#1': undefined,
      })
      // The pid is the role process itself, as its own start line (prefixed with its name) says.
      for (const l of lines)
        expect(cluster.stdout()).toMatch(new RegExp(`^\\[${l.name}\\] TC Market: .* · pid ${l.pid}$`, 'm'))
      expect(cluster.stdout().trimEnd().split('\n').at(-1)).toBe('cluster: 8 processes up; Ctrl-C stops them all')
    })

    it("answers on both api ports, each telling its clients its own gateway's port", async () => {
      for (const [api, gatewayPort] of [
        ['api#1', base + 2],
        ['api#2', base + 3],
      ] as const) {
        const res = await fetch(`${url(api)}/api/common/config`)
        expect(await res.json()).toMatchObject({ code: 1, data: { market_source: 'sim', market_port: gatewayPort } })
      }
    })

    it('serves a ticker on both gateways', async () => {
      for (const gateway of ['gateway#1', 'gateway#2']) {
        const c = await FeedClient.connect(url(gateway))
        try {
          expect(await c.call({ sub: 'market.btcusdt.ticker' })).toMatchObject({ status: 'ok' })
          const tick = await c.waitFor((m) => m.ch === 'market.btcusdt.ticker', 15_000)
          expect(tick).toMatchObject({ tick: { close: expect.any(Number) as unknown } })
        } finally {
          c.ws.terminate()
        }
      }
    }, 40_000)

    it('stops every process on SIGTERM and exits 0, no process left', async () => {
      const pids = cluster.upLines().map((l) => l.pid)
      process.kill(cluster.pid, 'SIGTERM')
      expect(await cluster.exited).toEqual({ code: 0, signal: null })
      // Exited means reaped: not one pid names a process any more, not even a zombie.
      expect(probe(pids)).toEqual(pids.map(() => 'ESRCH'))
      expect(cluster.running()).toEqual([])
      expect(cluster.stdout()).toMatch(/^cluster: SIGTERM: stopping 8 processes$/m)
      expect(cluster.stdout().trimEnd().split('\n').at(-1)).toBe('cluster: stopped 8 processes')
    }, 60_000)
  })

  describe('a process of the cluster killed (--ingest 2)', () => {
    let cluster: ClusterCommand
    let prefix: string
    beforeAll(async () => void ({ cluster, prefix } = await start(['--ingest', '2'], 1, 1)), UP_MS + 10_000)
    afterAll(() => cleanUp(cluster, prefix), 60_000)

    it('goes on when the active ingest dies: the standby takes over and the gateway serves tickers again', async () => {
      const lines = cluster.upLines()
      const [active, standby] = ['ingest#1', 'ingest#2'].map((n) => lines.find((l) => l.name === n)!)
      expect(cluster.stdout()).toMatch(new RegExp(`^ingest#2 pid ${standby!.pid} standby$`, 'm'))
      process.kill(active!.pid, 'SIGKILL')
      await cluster.waitForLine(new RegExp(`^ingest#2 pid ${standby!.pid} active \\(took over as ingest\\)$`), 20_000)
      expect(cluster.stdout()).toContain(
        `cluster: ingest#1 pid ${active!.pid} exited (signal SIGKILL); ingest#2 takes over`,
      )
      const c = await FeedClient.connect(lines.find((l) => l.name === 'gateway#1')!.url!)
      try {
        expect(await c.call({ sub: 'market.btcusdt.ticker' })).toMatchObject({ status: 'ok' })
        const first = await c.waitFor((m) => m.ch === 'market.btcusdt.ticker', 15_000)
        // A later one: the gateway follows the new ingest's live feed.
        await c.waitFor((m) => m.ch === 'market.btcusdt.ticker' && (m.ts as number) > (first.ts as number), 15_000)
      } finally {
        c.ws.terminate()
      }
    }, 60_000)

    it('names any other process killed, stops the others and exits 1', async () => {
      const lines = cluster.upLines()
      const engine = lines.find((l) => l.name === 'engine#1')!
      process.kill(engine.pid, 'SIGKILL')
      expect(await cluster.exited).toEqual({ code: 1, signal: null })
      expect(cluster.stderr()).toContain(
        `cluster: engine#1 pid ${engine.pid} exited (signal SIGKILL); stopping the cluster\n`,
      )
      const pids = lines.filter((l) => l.name !== 'ingest#1').map((l) => l.pid)
      expect(probe(pids)).toEqual(pids.map(() => 'ESRCH'))
      expect(cluster.running()).toEqual([])
    }, 60_000)
  })

  describe('the cluster killed with SIGKILL', () => {
    let cluster: ClusterCommand
    let prefix: string
    beforeAll(async () => void ({ cluster, prefix } = await start([], 1, 1)), UP_MS + 10_000)
    afterAll(() => cleanUp(cluster, prefix), 60_000)

    it('leaves no process behind: each stops when the pipe from the cluster closes', async () => {
      expect(cluster.running()).toHaveLength(6)
      process.kill(cluster.pid, 'SIGKILL')
      await cluster.exited
      // Orphans now, which nobody here may reap: running() counts a zombie as ended (processEnded).
      await expect.poll(() => cluster.running(), { timeout: 15_000 }).toEqual([])
    }, 60_000)
  })
})
