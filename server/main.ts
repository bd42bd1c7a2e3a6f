/**
 * Server entry: reads the config from the environment, starts HTTP (PWA + /api), the market gateway and the
 * database, and closes them on SIGINT/SIGTERM. `startServer` is also what tests and the e2e runner call.
 */
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { loadConfigOrExit, type ServerConfig } from './config'
import { launchServer, type LaunchDeps, type RunningServer } from './http/launch'
import { startMarket } from './market/index'

export type { RunningServer }

/**
 * Starts the server with the real market sources. `overrides` swap parts for tests (dist folder, database, log).
 * @throws the first failing step's error, after closing what had started.
 */
export function startServer(config: ServerConfig, overrides: Partial<LaunchDeps> = {}): Promise<RunningServer> {
  return launchServer(config, { startMarket, ...overrides })
}

/** Runs the server as a process: config errors and start failures print one line and exit 1. */
export async function runMain(): Promise<void> {
  const config = loadConfigOrExit()
  let server: RunningServer
  try {
    server = await startServer(config)
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
