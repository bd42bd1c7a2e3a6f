/**
 * The small pieces launch.ts assembles a server from: TLS files read, the market's options and public URL, the host
 * to print, and the stack of closers a start unwinds on failure or shutdown.
 */
import { readFileSync } from 'node:fs'
import type { ServerConfig } from '../config'
import type { MarketOptions } from '../market/types'

/** `ws(s)://host:port` of the market gateway. */
export function marketUrlOf(config: ServerConfig, port: number, tls?: { cert: string; key: string }): string {
  return `${tls || config.tls ? 'wss' : 'ws'}://${displayHost(config.host)}:${port}`
}

/** The value of `promise`, or undefined when it rejects (its rejection is reported by whoever awaits it). */
export function settled<T>(promise: Promise<T>): Promise<T | undefined> {
  return promise.catch(() => undefined)
}

/** Closers run newest first; every one runs even if an earlier one fails (the first failure is rethrown). */
export function closeStack() {
  const closers: (() => Promise<void>)[] = []
  return {
    push: (close: () => Promise<void>) => void closers.push(close),
    closeAll: async () => {
      let failure: unknown
      for (const close of closers.splice(0).reverse()) {
        await close().catch((err: unknown) => (failure ??= err))
      }
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows the first closer's rejection as-is
      if (failure !== undefined) throw failure
    },
  }
}

/** PEM contents of TLS_CERT/TLS_KEY, or undefined for plain http/ws. */
export function readTls(config: ServerConfig): { cert: string; key: string } | undefined {
  if (!config.tls) return undefined
  return { cert: readFileSync(config.tls.certPath, 'utf8'), key: readFileSync(config.tls.keyPath, 'utf8') }
}

/** The market's start options from the config: its port, source, TLS and log lines marked `[market]`. */
export function marketOptions(
  config: ServerConfig,
  tls: { cert: string; key: string } | undefined,
  log: (line: string) => void,
  logError: (line: string) => void,
): MarketOptions {
  return {
    host: config.host,
    port: config.marketPort,
    source: config.marketSource,
    replaySpeed: config.replaySpeed,
    htxUrl: config.htxWsUrl,
    liveTradingOnTestFeed: config.liveTradingOnTestFeed,
    ...(tls ? { tls } : {}),
    log: (msg) => log(`[market] ${msg}`),
    // Errors the operator must see (auto fell back to the simulator): on stderr, marked as errors.
    logError: (msg) => logError(`[market] ERROR ${msg}`),
  }
}

/** The host to print in URLs: a wildcard bind address is reachable as localhost. */
export function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost'
  return host.includes(':') ? `[${host}]` : host
}
