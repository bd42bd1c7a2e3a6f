/**
 * Server entry: reads the config from the environment, starts HTTP (PWA + /api), the market gateway and the
 * database, and closes them on SIGINT/SIGTERM. `startServer` is also what tests and the e2e runner call.
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { loadConfigOrExit, type ServerConfig } from './config'
import { launchRoles, launchServer, type LaunchDeps, type RunningRoles, type RunningServer } from './http/launch'
import { startMarket } from './market/index'

export type { RunningRoles, RunningServer }

/**
 * Starts the server with the real market sources. `overrides` swap parts for tests (dist folder, database, log).
 * @throws the first failing step's error, after closing what had started.
 */
export function startServer(config: ServerConfig, overrides: Partial<LaunchDeps> = {}): Promise<RunningServer> {
  return launchServer(config, { startMarket, ...overrides })
}

/**
 * Process-wide last resort for a throw or a rejection that nothing caught (a bug: every request path validates its
 * input and answers its own errors). Policy: log it with its origin, time and stack, and keep serving.
 *
 * Why not exit, Node's default? This process is the whole product — the API, every user's market feed, the database
 * when it is PGlite — with no supervisor to restart it under `npm start`. One stray callback (a timer in a route, a
 * promise nobody awaited) must not turn into a denial of service for every user, which is how issue 8 found the
 * gateway. What stays consistent after such a throw: database writes are transactions (a throw before COMMIT rolls
 * back), market state is rebuilt from the source on every event, and each websocket or request has its own state.
 * Node's caveat (state left half-updated by the throwing code) is real, so every occurrence is logged loudly with
 * its stack for a fix; a flood is summarised (at most `LOG_BURST` stacks per minute) so the log cannot be made to
 * grow without bound. Returns the removal of the handlers.
 */
export function installProcessGuards(
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): () => void {
  const LOG_BURST = 20
  let windowStart = 0
  let inWindow = 0
  let total = 0
  const report = (err: unknown, origin: string) => {
    total++
    const now = Date.now()
    if (now - windowStart > 60_000) {
      if (inWindow > LOG_BURST)
        log(`[process] ${inWindow - LOG_BURST} more uncaught errors in the last minute were not printed`)
      windowStart = now
      inWindow = 0
    }
    if (++inWindow > LOG_BURST) return
    const detail = err instanceof Error ? (err.stack ?? err.message) : safeString(err)
    log(`[process] ${new Date(now).toISOString()} ${origin} #${total}, still serving: ${detail}`)
  }
  const onException = (err: unknown, origin: string) => report(err, origin)
  const onRejection = (reason: unknown) => report(reason, 'unhandledRejection')
  process.on('uncaughtException', onException)
  process.on('unhandledRejection', onRejection)
  return () => {
    process.off('uncaughtException', onException)
    process.off('unhandledRejection', onRejection)
  }
}

function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return Object.prototype.toString.call(value)
  }
}

/**
 * Starts the roles of `config.roles` (ROLES; `all` = `startServer`) with the real market sources.
 * @throws the first failing step's error, after closing what had started.
 */
export function startRoles(config: ServerConfig, overrides: Partial<LaunchDeps> = {}): Promise<RunningRoles> {
  return launchRoles(config, { startMarket, ...overrides })
}

/** Runs the server as a process: config errors and start failures print one line and exit 1. */
export async function runMain(): Promise<void> {
  installProcessGuards()
  const config = loadConfigOrExit()
  let server: RunningRoles
  try {
    server = await startRoles(config)
  } catch (err) {
    process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) process.exit(1) // a second Ctrl-C does not wait
    closing = true
    console.log(`${signal}: closing…`)
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`error while closing: ${err instanceof Error ? err.message : String(err)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

function isMain(): boolean {
  const entry = process.argv[1]
  if (!entry) return false
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href
  } catch {
    return false
  }
}

if (isMain()) void runMain()
