/**
 * Starts the server from a config: database (migrate + seed) and market gateway side by side, missing listings
 * added to the markets table, then the HTTP app. Whatever started is closed again if a later step fails, and by
 * `close()`. With ROLES other than all only those roles' parts start, wired over NATS (issue 22 part 3).
 */
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import type { Role, ServerConfig } from '../config'
import { closeStack, displayHost, marketOptions, marketUrlOf, readTls, settled } from './launch-parts'
import { followMarks, forwardMarks } from '../bus/marks'
import { NatsMarketPublisher } from '../bus/market-publisher'
import { NatsMarketSource } from '../bus/market-source'
import { closeNats, connectNats, type NatsConnection } from '../bus/nats'
import { NatsUserEventBus } from '../bus/user-events'
import { marksFor, useMarkBoard } from '../trading/contract/marks'
import { buildApp } from '../api/app'
import { defaultPublicOrigins } from '../auth/request-origin'
import { ensurePrivateDir } from '../uploads/data-dir'
import { sweepOrphanUploads } from '../uploads/sweep'
import { startAdminSocket } from '../cli/admin-socket'
import { openDatabase, type Database, type DatabaseOptions } from '../db/client'
import { addMissingListings } from '../db/markets'
import { seedDatabase } from '../db/seed'
import type { MarketOptions, MarketService } from '../market/types'
import { startMicroSettler } from '../trading/micro/settler'
import { startFinancialAccrual } from '../trading/earn/accrual'
import { startWithdrawRelease } from '../money/withdraw-release'
import { liveTradingOpen } from '../trading/live-only'
import { startFundingJob } from '../trading/contract/funding-job'
import { startEngineRole } from '../cluster/engine-role'
import type { OpenCustody } from '../custody/open-custody'
import { chainBalancesReader, reservesReader, startCustodyJobs, startSignerRole } from '../custody/custody-roles'
import { acquireIngestLease, exitOnIngestLeaseLost } from '../cluster/ingest-lease'
import { LocalUserEventBus, type UserEventBus } from '../stream/bus'
import { startUserEventRelay, type Relay } from '../stream/relay'
import { startNotifyJobs } from '../notify/index'
import { startUserStream, type UserStream, type UserStreamOptions } from '../stream/server'

/** A started server. `close()` stops HTTP, the market and the database, in that order. */
export interface RunningServer {
  close(): Promise<void>
  /** e.g. `http://localhost:8080` */
  httpUrl: string
  /** e.g. `ws://localhost:8292` (the port the gateway bound) */
  marketUrl: string
  market: MarketService
  database: Database
  app: FastifyInstance
  /** The user stream (`/ws/v2` on the market port) and the outbox relay feeding it (issue 22 part 1). */
  stream: { server: UserStream; relay: Relay }
}

/**
 * A process started with some roles (issue 22 part 3): what it runs is there, the rest undefined. With ROLES=all it
 * is a full RunningServer.
 */
export interface RunningRoles {
  close(): Promise<void>
  /** What this process runs (config ROLES). */
  roles: 'all' | readonly Role[]
  /** Set with the api role. */
  httpUrl?: string
  /** Set when a public market gateway is bound (the gateway role). */
  marketUrl?: string
  market: MarketService
  database: Database
  /** Set with the api role. */
  app?: FastifyInstance
  /** The user stream (gateway role) and the relay (jobs role). */
  stream: { server?: UserStream; relay?: Relay }
}

/** What `launchServer` needs besides the config; tests pass a fake market and an in-memory database. */
export interface LaunchDeps {
  startMarket(opts: MarketOptions): Promise<MarketService>
  /** Built PWA folder; default <repo>/dist. */
  distDir?: string
  /** Database override (default from config: DATABASE_URL or DATA_DIR/pg). */
  database?: DatabaseOptions
  logger?: FastifyServerOptions['logger']
  /** Startup and market log lines; default console.log. */
  log?: (line: string) => void
  /** Error lines the operator must see (the market fell back to the simulator); default console.error. */
  logError?: (line: string) => void
  /** User stream timings and budgets (tests pass short intervals and small budgets). */
  userStream?: Omit<UserStreamOptions, 'db' | 'bus' | 'log'>
  /**
   * What the ingest role does when it loses its lease while active (it must stop publishing at once); default
   * `exitOnIngestLeaseLost`: an error line and exit 75.
   */
  onIngestLeaseLost?: (why: string) => void
}

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url))

/**
 * Starts every role in this process (ROLES=all, the default; `launchRoles` does the work). @throws the first failing
 * step's error (bad TLS files, database, market source, port in use), after closing what had started; an Error when
 * the config names other roles.
 */
export async function launchServer(config: ServerConfig, deps: LaunchDeps): Promise<RunningServer> {
  const running = await launchRoles(config, deps)
  const { app, httpUrl, stream } = running
  if (!app || httpUrl === undefined || !stream.server || !stream.relay) {
    await running.close()
    throw new Error(`launchServer runs every role (ROLES=all), not ROLES=${String(config.roles)}: use launchRoles`)
  }
  return {
    ...running,
    app,
    httpUrl,
    marketUrl: running.marketUrl ?? marketUrlOf(config, running.market.port),
    stream: { server: stream.server, relay: stream.relay },
  }
}

/**
 * Starts the roles of `config.roles`: `all` is the single process of `npm start`, every part in-process; otherwise
 * each role's parts, talking to the other processes over NATS (`config.natsUrl`, server/bus/README.md): `ingest` runs
 * the real market source through a NatsMarketPublisher and forwards the marks, every other role follows the feed
 * from a NatsMarketSource; the relay (`jobs`) publishes user events on a NatsUserEventBus that the user stream
 * (`gateway`) follows. Every role opens the database (migrated and seeded at start).
 *
 * Ingest over NATS runs one active and one standby (server/cluster/ingest-lease.ts): before its market source starts
 * it takes the ingest lease, and a process that finds it held waits there as the standby, saying so in one line,
 * until the active ingest stops — so this promise resolves (and the start line is printed) only once the process is
 * active, and the process's other roles, if any, start with it then (deploy/ runs ingest in a process of its own). No
 * timeout applies to that wait. Losing the lease later calls `deps.onIngestLeaseLost` (default: exit 75). ROLES=all
 * takes no lease.
 * @throws the first failing step's error (NATS unreachable, no ingest answering the market snapshot, bad TLS files,
 *   database, market source, port in use), after closing what had started.
 */
export async function launchRoles(config: ServerConfig, deps: LaunchDeps): Promise<RunningRoles> {
  const log = deps.log ?? ((line: string) => console.log(line))
  const stack = closeStack()
  const all = config.roles === 'all'
  const has = (role: Role) => config.roles === 'all' || config.roles.includes(role)
  const roleLabel = config.roles === 'all' ? 'all' : config.roles.join(',')
  const prefix = config.natsPrefix
  try {
    // Separate processes talk over NATS; closed last, after every piece that uses it stopped.
    const nc = all ? undefined : await connectNats({ url: config.natsUrl, role: roleLabel, log })
    if (nc) stack.push(() => closeNats(nc))
    const tls = readTls(config)
    // Before the database makes it: DATA_DIR holds the database files, identity photos and the operator socket.
    ensurePrivateDir(config.dataDir)
    // The market source (which may wait seconds for an upstream, then builds its history) starts alongside the
    // database (PGlite compiles its WebAssembly and opens its files). Both closers are registered before either can
    // fail, so a failure of one still closes the other once it is up.
    const opening = openDatabase(deps.database ?? { dataDir: config.dataDir, databaseUrl: config.databaseUrl })
    const options = marketOptions(config, tls, log, deps.logError ?? ((line) => console.error(line)))
    // A standby ingest waits for the lease here, on the database's connection settings, before its source starts.
    const standby = new AbortController()
    const onLost = deps.onIngestLeaseLost ?? exitOnIngestLeaseLost
    const leasing =
      nc && has('ingest')
        ? opening.then(({ db }) => acquireIngestLease({ db, log, onLost, signal: standby.signal }))
        : undefined
    const starting = nc
      ? (leasing ?? Promise.resolve()).then(() => startMarketOverNats(deps, options, nc, has, prefix, log))
      : deps.startMarket(options)
    // settled() attaches a handler now: a rejection while the other is awaited is not an unhandled rejection.
    const opened = settled(opening)
    const leased = leasing && settled(leasing)
    const started = settled(starting)
    stack.push(async () => (await opened)?.close())
    // The lease is given back after the market (and its publisher) stopped: never two publishers.
    if (leased) stack.push(async () => (await leased)?.close())
    stack.push(async () => (await started)?.close())
    // A start that fails while the lease is awaited stops waiting for it.
    stack.push(() => Promise.resolve(standby.abort()))
    const database = await opening
    await seedDatabase(database.db)
    // EVM custody (issue 23): the API derives deposit addresses, jobs runs the chain watcher.
    let chain: OpenCustody | undefined
    if (config.evm && (has('api') || has('jobs') || has('signer'))) {
      // Loaded only with a chain configured: viem and Hardhat stay out of `npm start`'s start time.
      const { openCustody } = await import('../custody/open-custody')
      chain = await openCustody(config.evm, log)
      stack.push(() => chain!.close())
    }
    if (has('api')) {
      const swept = await sweepOrphanUploads(database.db, config.dataDir)
      if (swept.length > 0) log(`[uploads] removed ${swept.length} orphaned file(s) without a row`)
    }
    const market = await starting
    const added = await addMissingListings(database.db, market.listings())
    if (added.length > 0) log(`[db] listed ${added.length} new market(s) from the source: ${added.join(', ')}`)
    if (nc && has('ingest')) {
      // Ingest computes each mark once and publishes it (server/bus/marks.ts).
      const stopMarks = forwardMarks(marksFor(market), nc, { prefix, log })
      stack.push(() => Promise.resolve(stopMarks()))
    } else if (nc) {
      // Every other process values, triggers and liquidates at ingest's marks, never at marks of its own.
      const board = await followMarks(nc, { prefix, log })
      useMarkBoard(market, board)
      stack.push(() => Promise.resolve(board.stop()))
    }
    // The user stream: committed outbox events → relay → bus → fan-out → the gateway's /ws/v2 connections. Closed
    // (connections 1013, then the relay, then the bus) before the market and the database.
    let bus: UserEventBus | undefined
    if (all) bus = new LocalUserEventBus()
    else if (nc && (has('jobs') || has('gateway'))) bus = await NatsUserEventBus.open(nc, { prefix, log })
    if (bus) {
      const opened = bus
      stack.push(() => opened.close())
    }
    // Web Push of what the relay publishes (each event by one relay) and the price-alert watcher (issue 24 part 6).
    const notify = has('jobs') ? await startNotifyJobs({ db: database.db, market, push: config.push, log }) : undefined
    if (notify) stack.push(() => notify.stop())
    const relay =
      bus && has('jobs')
        ? await startUserEventRelay({ db: database.db, bus, log, onPublished: (e) => notify?.notifier.handle(e) })
        : undefined
    if (relay) stack.push(() => relay.stop())
    let userStream: UserStream | undefined
    if (bus && has('gateway')) {
      // Over NATS each gateway follows only the users connected to it (subscribeUser).
      const stream = startUserStream({ ...deps.userStream, db: database.db, bus, log, perUser: !all })
      userStream = stream
      const detachStream = market.attachUserStream?.(stream)
      if (!detachStream) log('[stream] the market has no gateway: the user stream is not served')
      stack.push(async () => {
        detachStream?.()
        await stream.close()
      })
    }
    if (has('jobs')) {
      // Second contracts settle at delivery, in every jobs process (each order once: see the settler).
      const settler = startMicroSettler({ db: database.db, market, log })
      stack.push(() => settler.stop())
    }
    if (has('engine')) {
      // Spot limit orders fill from the feed's trades; futures TP/SL and liquidation on every mark tick, entrusts on
      // every feed trade: on the partitions this process holds (all of them when it is the only engine). Stopped
      // before the market and database close.
      const engine = await startEngineRole({ db: database.db, market, log })
      stack.push(() => engine.stop())
    }
    if (has('jobs')) {
      // Daily income and expiry of financial subscriptions (each day once: see the job).
      const accrual = await startFinancialAccrual({ db: database.db, log })
      stack.push(() => accrual.stop())
      // Perpetuals' funding every 8 h (each position and funding time once: see the job).
      const funding = await startFundingJob({ db: database.db, market, log })
      stack.push(() => funding.stop())
      // Withdrawals whose security hold is over: to the signer within the daily limit, else to review.
      const release = startWithdrawRelease({ db: database.db, log })
      stack.push(() => release.stop())
      // The chain watcher (with a chain) and the daily proof of reserves and liabilities.
      for (const stop of await startCustodyJobs(database.db, chain, log)) stack.push(stop)
    }
    if (has('signer') && chain && config.evm) {
      // The only role that reads the hot wallet's key (issue 23 part 3).
      const stop = await startSignerRole(database.db, chain, config.evm, !all, log)
      if (stop) stack.push(stop)
    }
    const app = has('api') ? await startApi(config, deps, tls, database, market, log, stack.push, chain) : undefined
    const host = displayHost(config.host)
    const httpUrl = app && `${tls ? 'https' : 'http'}://${host}:${(app.server.address() as AddressInfo).port}`
    const marketUrl = market.port > 0 || all ? marketUrlOf(config, market.port, tls) : undefined
    const trading = liveTradingOpen(market) ? '' : ', live-book orders refused'
    const source = `${market.source} (${market.sourceDetail}; ${market.live ? 'live' : 'not live'}${trading})`
    const roles = all ? '' : ` · roles ${roleLabel} · pid ${process.pid}`
    log(
      `TC Market: ${httpUrl ?? 'no http'} · feed ${marketUrl ?? 'not served'} · market source ${source} · database ${database.kind}${roles}`,
    )
    return {
      close: stack.closeAll,
      roles: config.roles,
      ...(httpUrl === undefined ? {} : { httpUrl }),
      ...(marketUrl === undefined ? {} : { marketUrl }),
      market,
      database,
      ...(app ? { app } : {}),
      stream: { ...(userStream ? { server: userStream } : {}), ...(relay ? { relay } : {}) },
    }
  } catch (err) {
    await stack.closeAll().catch(() => {})
    throw err
  }
}

/**
 * The market of a process with roles: ingest runs the real source and publishes it (NatsMarketPublisher), the
 * others replay ingest's feed (NatsMarketSource); a public gateway is bound only with the gateway role.
 */
async function startMarketOverNats(
  deps: LaunchDeps,
  options: MarketOptions,
  nc: NatsConnection,
  has: (role: Role) => boolean,
  prefix: string | undefined,
  log: (line: string) => void,
): Promise<MarketService> {
  const gateway = has('gateway')
  if (has('ingest')) {
    return deps.startMarket({
      ...options,
      gateway,
      wrapSink: async (hub, source) => {
        const pub = new NatsMarketPublisher(nc, hub, source, { prefix, log })
        await pub.start()
        log(`[ingest] publishing the market feed as origin ${pub.origin}`)
        return { sink: pub, stop: () => pub.stop() }
      },
    })
  }
  const source = await NatsMarketSource.connect(nc, { prefix, log })
  try {
    return await deps.startMarket({ ...options, gateway, sourceOverride: source })
  } catch (err) {
    await source.stop()
    throw err
  }
}

/** Builds the HTTP app (PWA and /api) and listens on PORT; its closer goes on the stack. */
async function startApi(
  config: ServerConfig,
  deps: LaunchDeps,
  tls: { cert: string; key: string } | undefined,
  database: Database,
  market: MarketService,
  log: (line: string) => void,
  onClose: (close: () => Promise<void>) => void,
  chain: OpenCustody | undefined,
): Promise<FastifyInstance> {
  const custody = chain?.custody
  const distDir = deps.distDir ?? DEFAULT_DIST_DIR
  const marketPublicPort = config.marketPublicPort ?? market.port
  // PORT=0 binds any free port: the default origins are filled in below once it is known (the app reads the list
  // per request).
  const publicOrigins: string[] =
    config.publicOrigins ?? (config.port === 0 ? [] : defaultPublicOrigins(config.port, Boolean(tls)))
  const app = await buildApp(
    {
      db: database.db,
      market,
      marketPublicPort,
      distDir,
      dataDir: config.dataDir,
      smtpUrl: config.smtpUrl,
      log,
      publicOrigins,
      custody,
      push: config.push,
    },
    { logger: deps.logger, tls, trustProxy: config.trustProxy },
  )
  onClose(() => app.close())
  if (database.kind === 'pglite' && !deps.database) {
    // With a chain watched, `proof publish` through this socket reads the reserves from it (the daily job does too).
    const extras = chain && {
      reserves: reservesReader(database.db, chain),
      chain: chainBalancesReader(database.db, chain),
    }
    onClose(await startAdminSocket(database.db, config.dataDir, extras))
  }
  await app.listen({ port: config.port, host: config.host })
  if (publicOrigins.length === 0)
    publicOrigins.push(...defaultPublicOrigins((app.server.address() as AddressInfo).port, Boolean(tls)))
  return app
}
