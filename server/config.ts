/**
 * Server configuration from the environment (DESIGN §2). Every variable is parsed once here with zod; a bad value
 * becomes a `ConfigError` whose message is one line naming the variable, which the CLI prints before exiting 1.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { z } from 'zod'
import { DEFAULT_HTTP_PORT, MARKET_PORT } from '../common/constants'

/**
 * What a server process can run (issue 22 part 3; README "Roles and NATS_URL"): `ingest` the one upstream connection
 * per market source and the marks, `gateway` the public market websocket and the user stream, `api` HTTP, `engine` the
 * spot matcher and the futures risk engine, `jobs` settlement, accrual, funding and the outbox relay, `signer` (issue
 * 23) the only process with the hot wallet's key: it sends approved withdrawals on the EVM chain.
 */
export const ROLES = ['ingest', 'gateway', 'api', 'engine', 'jobs', 'signer'] as const
/** One of ROLES. */
export type Role = (typeof ROLES)[number]

/** Parsed configuration. Paths are absolute. */
export interface ServerConfig {
  /** HTTP port of the PWA and `/api/*` (0 = any free port). */
  port: number
  /** Port the market gateway listens on (0 = any free port). */
  marketPort: number
  /** Port clients are told to connect to for the feed; undefined = the port the gateway actually bound. */
  marketPublicPort: number | undefined
  /** Bind address of both listeners. */
  host: string
  /** Directory of the embedded database (`<dataDir>/pg`) and later uploads. */
  dataDir: string
  /** `postgres://…` to use a real PostgreSQL instead of PGlite. */
  databaseUrl: string | undefined
  /** `auto` | `sim` | `htx` | `replay:<file or folder>`. */
  marketSource: string
  /** Replay clock multiplier (> 0). */
  replaySpeed: number
  /** PEM file paths; both set or neither. */
  tls: { certPath: string; keyPath: string } | undefined
  /** `smtp(s)://user:pass@host:port` for verification e-mails; unset = outbox table + server log. */
  smtpUrl: string | undefined
  /** Upstream of the htx relay. */
  htxWsUrl: string
  /**
   * Origins the site is reached at (`PUBLIC_ORIGIN`, comma-separated, normalized by WHATWG URL), or undefined for
   * the default `http(s)://localhost:<bound port>` (launch.ts fills it in once the port is known). The first is
   * canonical: links in answers and e-mails use it. Wallet sign-in messages must name one of them. Never taken from
   * request headers, which any client (or a phishing site relaying a victim's signature) can set.
   */
  publicOrigins: string[] | undefined
  /**
   * Fastify `trustProxy`: false (default) = the client address is the socket peer and X-Forwarded-For is ignored;
   * otherwise the proxies whose X-Forwarded-For is believed (`true` = any, or their addresses/CIDRs).
   */
  trustProxy: boolean | string[]
  /**
   * Web Push (issue 24 part 6): the VAPID contact (`VAPID_SUBJECT`, a mailto: or https: URL the push services may
   * write to), the key pair (`VAPID_PUBLIC_KEY`/`VAPID_PRIVATE_KEY`, base64url; unset = made on first start and kept
   * in the database) and the push services whose endpoints a device may register (`PUSH_ENDPOINT_HOSTS`, host names
   * or suffixes; an endpoint on any other host is refused, so a client cannot make the server post to an address of
   * its choosing; a loopback host listed there may use http, for tests).
   */
  push: { subject: string; publicKey?: string; privateKey?: string; endpointHosts: string[] }
  /**
   * `LIVE_TRADING_ON_TEST_FEED=1`: accept orders of the live book while the feed is not the live relay (simulator or
   * replay). For test venues and the e2e suite only: otherwise real money would trade on prices that are not the
   * market's (issue 21 part 7). Default off: live-book orders are refused ("Trading is paused: prices are not live").
   */
  liveTradingOnTestFeed: boolean
  /**
   * `ROLES`: `'all'` (default) is the single process of `npm start`, every part in-process and NATS unused; a list
   * runs only those parts and talks to the other processes over NATS (`NATS_URL` is then required).
   */
  roles: 'all' | readonly Role[]
  /** `NATS_URL`: server URL(s), comma-separated; required unless ROLES is `all` (where it is not used). */
  natsUrl: string | undefined
  /** `NATS_PREFIX`: namespace of every NATS subject and stream (tests run one per run); default none. */
  natsPrefix: string | undefined
  /**
   * EVM custody (issue 23): `rpc` = a node at `EVM_RPC_URL` with the deposit addresses' extended public key
   * `EVM_XPUB`, the USDT-ERC20 contract `EVM_USDT_CONTRACT` (optional: without it only native ETH is watched) and the
   * first block to watch `EVM_START_BLOCK` (default: the head at the first start); `dev` = `EVM_DEV_CHAIN=1`, a local
   * Hardhat node on `EVM_DEV_CHAIN_PORT` (default 8545) with its test USDT and keys from the standard test mnemonic;
   * undefined = no chain (deposits by claim and review, as before).
   */
  evm: EvmConfig | undefined
}

/** See `ServerConfig.evm`. */
export type EvmConfig =
  | {
      kind: 'rpc'
      rpcUrl: string
      xpub: string
      usdtContract: string | undefined
      startBlock: number | 'head'
      signerKey: SignerKeySource | undefined
      /** The deposit addresses' extended private key, for the signer's sweeps (EVM_SWEEP_KEY(_FILE)). */
      sweepKey: SignerKeySource | undefined
    }
  | { kind: 'dev'; port: number }

/**
 * Where the signer role reads a key (server/custody/signer-key.ts): the hot wallet's private key from
 * `EVM_SIGNER_KEY_FILE` (a file only its owner may read: mode 0600 or 0400) or `EVM_SIGNER_KEY`; the deposit
 * addresses' extended private key (xprv of m/44'/60'/0'/0, EVM_XPUB's private half) from `EVM_SWEEP_KEY_FILE` or
 * `EVM_SWEEP_KEY`. Only the signer reads them.
 */
export type SignerKeySource = { kind: 'file'; path: string } | { kind: 'env'; key: string }

/** Variables whose value a config error never repeats. */
const SECRET_VARIABLES = new Set(['EVM_SIGNER_KEY', 'EVM_SWEEP_KEY', 'VAPID_PRIVATE_KEY'])

/** A configuration problem, message already one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Empty strings count as unset, as shells make it easy to export `VAR=`. */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const portNumber = z
  .string()
  .regex(/^\d+$/, 'expected an integer port 0–65535')
  .transform(Number)
  .pipe(z.number().max(65535, 'expected an integer port 0–65535'))
const port = (fallback: number) => z.preprocess(unsetIfEmpty, portNumber.default(fallback))
const optionalString = <T extends z.ZodType<string>>(s: T) => z.preprocess(unsetIfEmpty, s.optional())
const existingFile = z.string().refine((p) => existsSync(p), 'file not found')

/** One origin: scheme http(s), a host, an optional port; nothing else (no path, user info, query). */
const ORIGIN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
  )
  .refine(
    (list) => list.length > 0 && list.every((o) => ORIGIN.test(o)),
    'expected comma-separated origins like https://trade.example.com',
  )
  .transform((list) => [...new Set(list.map((o) => new URL(o).origin))])
/**
 * The push services of today's browsers (Chrome/Edge on Android and desktop via FCM, Firefox's autopush, Safari's
 * Apple Push, Windows' WNS): PUSH_ENDPOINT_HOSTS's default.
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
]
const trustProxy = z
  .string()
  .regex(
    /^(true|false|[\da-f.:/]+(\s*,\s*[\da-f.:/]+)*)$/i,
    'expected false, true or comma-separated proxy addresses/CIDRs',
  )
  .transform((v): boolean | string[] =>
    v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim()),
  )

const roleList = z
  .string()
  .transform((v) => [...new Set(v.split(',').map((r) => r.trim().toLowerCase()))].filter(Boolean))
  .refine(
    (list) => (list.length === 1 && list[0] === 'all') || (list.length > 0 && list.every((r) => isRole(r))),
    `expected all or a comma-separated list of ${ROLES.join(', ')}`,
  )
  .transform((list): 'all' | Role[] => (list[0] === 'all' ? 'all' : (list as Role[])))

function isRole(r: string): r is Role {
  return (ROLES as readonly string[]).includes(r)
}

const envSchema = z.object({
  PORT: port(DEFAULT_HTTP_PORT),
  MARKET_PORT: port(MARKET_PORT),
  MARKET_PUBLIC_PORT: z.preprocess(unsetIfEmpty, portNumber.optional()),
  HOST: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[\w.:-]+$/, 'expected a host name or IP address')
      .default('0.0.0.0'),
  ),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
  DATABASE_URL: optionalString(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'expected a postgres://… URL')),
  MARKET_SOURCE: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^(auto|sim|htx|replay:.+)$/, 'expected auto, sim, htx or replay:<file or folder>')
      .default('auto'),
  ),
  REPLAY_SPEED: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'expected a positive number')
      .transform(Number)
      .pipe(z.number().positive('expected a positive number'))
      .default(1),
  ),
  TLS_CERT: optionalString(existingFile),
  TLS_KEY: optionalString(existingFile),
  SMTP_URL: optionalString(z.string().regex(/^smtps?:\/\/\S+$/, 'expected an smtp:// or smtps:// URL')),
  HTX_WS_URL: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^wss?:\/\/\S+$/, 'expected a ws:// or wss:// URL')
      .default('wss://api.huobi.pro/ws'),
  ),
  PUBLIC_ORIGIN: z.preprocess(unsetIfEmpty, originList.optional()),
  TRUST_PROXY: z.preprocess(unsetIfEmpty, trustProxy.optional()),
  VAPID_SUBJECT: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected a mailto: address or an https:// URL')
      .default('mailto:operator@tc-market.invalid'),
  ),
  VAPID_PUBLIC_KEY: optionalString(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'expected a base64url P-256 public key')),
  VAPID_PRIVATE_KEY: optionalString(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'expected a base64url P-256 private key')),
  PUSH_ENDPOINT_HOSTS: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^[A-Za-z0-9.:-]+(,[A-Za-z0-9.:-]+)*$/, 'expected comma-separated host names')
      .transform((v) => v.split(','))
      .default(DEFAULT_PUSH_HOSTS),
  ),
  LIVE_TRADING_ON_TEST_FEED: z.preprocess(
    unsetIfEmpty,
    z
      .enum(['0', '1'], { message: 'expected 1 (allow live trading on a test feed) or 0' })
      .transform((v) => v === '1')
      .default(false),
  ),
  ROLES: z.preprocess(unsetIfEmpty, roleList.default('all')),
  NATS_URL: optionalString(
    z.string().regex(/^(nats|tls|wss?):\/\/\S+$/, 'expected nats://host:port (comma-separated for a cluster)'),
  ),
  NATS_PREFIX: optionalString(z.string().regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, _ and - only')),
  EVM_RPC_URL: optionalString(z.string().regex(/^(https?|wss?):\/\/\S+$/, 'expected an http(s):// or ws(s):// URL')),
  EVM_XPUB: optionalString(
    z.string().regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'expected an extended public key (xpub…)'),
  ),
  EVM_USDT_CONTRACT: optionalString(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')),
  EVM_START_BLOCK: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .regex(/^\d{1,12}$/, 'expected a block number')
      .transform(Number)
      .optional(),
  ),
  EVM_DEV_CHAIN: z.preprocess(
    unsetIfEmpty,
    z
      .enum(['0', '1'], { message: 'expected 1 (start a local EVM chain) or 0' })
      .transform((v) => v === '1')
      .default(false),
  ),
  EVM_DEV_CHAIN_PORT: port(8545),
  EVM_SIGNER_KEY: optionalString(z.string().regex(/^(0x)?[0-9a-fA-F]{64}$/, 'expected a 32-byte private key in hex')),
  EVM_SIGNER_KEY_FILE: optionalString(existingFile),
  EVM_SWEEP_KEY: optionalString(
    z.string().regex(/^[xt]prv[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'expected an extended private key (xprv…)'),
  ),
  EVM_SWEEP_KEY_FILE: optionalString(existingFile),
})

/**
 * Parses the environment into a `ServerConfig`.
 * @throws ConfigError with a one-line message such as `PORT: expected an integer port 0–65535 (got "abc")`.
 */
export function parseConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    // A secret is never echoed, even malformed (it may be a real key with a typo).
    const got = SECRET_VARIABLES.has(name) ? undefined : env[name]
    throw new ConfigError(`${name}: ${issue?.message ?? 'invalid'}${got === undefined ? '' : ` (got "${got}")`}`)
  }
  const e = parsed.data
  if (Boolean(e.TLS_CERT) !== Boolean(e.TLS_KEY)) {
    throw new ConfigError(`${e.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'}: TLS_CERT and TLS_KEY must be set together`)
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
    throw new ConfigError(`${missing}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together`)
  }
  if (e.ROLES !== 'all' && !e.NATS_URL) {
    throw new ConfigError(
      `NATS_URL: required when ROLES is not all (got ROLES="${e.ROLES.join(',')}"): roles in separate processes talk over NATS`,
    )
  }
  if (e.EVM_DEV_CHAIN && e.EVM_RPC_URL) {
    throw new ConfigError('EVM_DEV_CHAIN: set either EVM_DEV_CHAIN=1 (a local chain) or EVM_RPC_URL, not both')
  }
  if (Boolean(e.EVM_RPC_URL) !== Boolean(e.EVM_XPUB)) {
    throw new ConfigError(
      `${e.EVM_RPC_URL ? 'EVM_XPUB' : 'EVM_RPC_URL'}: EVM_RPC_URL and EVM_XPUB must be set together (the deposit addresses derive from the key)`,
    )
  }
  if (e.EVM_SIGNER_KEY && e.EVM_SIGNER_KEY_FILE) {
    throw new ConfigError('EVM_SIGNER_KEY: set either EVM_SIGNER_KEY or EVM_SIGNER_KEY_FILE, not both')
  }
  if ((e.EVM_SIGNER_KEY || e.EVM_SIGNER_KEY_FILE) && !e.EVM_RPC_URL) {
    throw new ConfigError(
      `${e.EVM_SIGNER_KEY ? 'EVM_SIGNER_KEY' : 'EVM_SIGNER_KEY_FILE'}: needs EVM_RPC_URL (the dev chain's hot wallet is its account 0)`,
    )
  }
  if (e.EVM_SWEEP_KEY && e.EVM_SWEEP_KEY_FILE) {
    throw new ConfigError('EVM_SWEEP_KEY: set either EVM_SWEEP_KEY or EVM_SWEEP_KEY_FILE, not both')
  }
  if ((e.EVM_SWEEP_KEY || e.EVM_SWEEP_KEY_FILE) && !e.EVM_RPC_URL) {
    throw new ConfigError(
      `${e.EVM_SWEEP_KEY ? 'EVM_SWEEP_KEY' : 'EVM_SWEEP_KEY_FILE'}: needs EVM_RPC_URL (the dev chain's deposit keys derive from its mnemonic)`,
    )
  }
  let evm: EvmConfig | undefined
  if (e.EVM_DEV_CHAIN) evm = { kind: 'dev', port: e.EVM_DEV_CHAIN_PORT }
  else if (e.EVM_RPC_URL && e.EVM_XPUB) {
    evm = {
      kind: 'rpc',
      rpcUrl: e.EVM_RPC_URL,
      xpub: e.EVM_XPUB,
      usdtContract: e.EVM_USDT_CONTRACT,
      startBlock: e.EVM_START_BLOCK ?? 'head',
      signerKey: e.EVM_SIGNER_KEY_FILE
        ? { kind: 'file', path: resolve(e.EVM_SIGNER_KEY_FILE) }
        : e.EVM_SIGNER_KEY
          ? { kind: 'env', key: e.EVM_SIGNER_KEY }
          : undefined,
      sweepKey: e.EVM_SWEEP_KEY_FILE
        ? { kind: 'file', path: resolve(e.EVM_SWEEP_KEY_FILE) }
        : e.EVM_SWEEP_KEY
          ? { kind: 'env', key: e.EVM_SWEEP_KEY }
          : undefined,
    }
  }
  return {
    port: e.PORT,
    marketPort: e.MARKET_PORT,
    marketPublicPort: e.MARKET_PUBLIC_PORT ?? (e.MARKET_PORT === 0 ? undefined : e.MARKET_PORT),
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    marketSource: e.MARKET_SOURCE,
    replaySpeed: e.REPLAY_SPEED,
    tls: e.TLS_CERT && e.TLS_KEY ? { certPath: resolve(e.TLS_CERT), keyPath: resolve(e.TLS_KEY) } : undefined,
    smtpUrl: e.SMTP_URL,
    htxWsUrl: e.HTX_WS_URL,
    publicOrigins: e.PUBLIC_ORIGIN,
    trustProxy: e.TRUST_PROXY ?? false,
    push: {
      subject: e.VAPID_SUBJECT,
      ...(e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY } : {}),
      ...(e.VAPID_PRIVATE_KEY ? { privateKey: e.VAPID_PRIVATE_KEY } : {}),
      endpointHosts: e.PUSH_ENDPOINT_HOSTS,
    },
    liveTradingOnTestFeed: e.LIVE_TRADING_ON_TEST_FEED,
    roles: e.ROLES,
    natsUrl: e.NATS_URL,
    natsPrefix: e.NATS_PREFIX,
    evm,
  }
}

/** `parseConfig`, but a bad value prints `config error: <line>` on stderr and exits 1 (no stack). */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): ServerConfig {
  try {
    return parseConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    process.stderr.write(`config error: ${err.message}\n`)
    process.exit(1)
  }
}
