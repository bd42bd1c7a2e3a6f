/**
 * `npm run cluster` (issue 22 part 5), the pure half: the flags, the environment it needs and the process each role
 * instance becomes (its ROLES, its ports), and the one line printed per process once it is up. The supervision
 * (spawning, output, stopping) is server/cli/cluster.ts.
 */
import { ConfigError, parseConfig, type Role } from '../config'

/**
 * How many processes of each role; `ingest` is 1, or 2 (one active, one standby). The signer is not one of them: it
 * is the one process with the hot wallet's key, started on its own (README "Custody").
 */
export type ClusterCounts = Record<Exclude<Role, 'signer'>, number>

/** One process of the cluster. */
export interface ClusterProcess {
  role: Role
  /** 1-based, per role. */
  index: number
  /** `<role>#<index>`, e.g. `api#1`: how the cluster names it in its lines and prefixes its output. */
  name: string
  /** Set over the inherited environment: ROLES, PORT, MARKET_PORT and (api) MARKET_PUBLIC_PORT. */
  env: Record<string, string>
}

/**
 * What `npm run cluster` starts: `first` (ingest#1), whose start line the others wait for, then `rest` together
 * (ingest#2, then api, gateway, engine, jobs).
 */
export interface ClusterPlan {
  first: ClusterProcess
  rest: ClusterProcess[]
}

/** A bad flag or environment; the message is one line naming the flag or variable. The command exits 2. */
export class ClusterUsageError extends Error {
  override name = 'ClusterUsageError'
}

/** Most processes of one role (ingest: 2). */
export const MAX_PER_ROLE = 32

/** Start and output order of the roles: ingest first, as the others ask it for the market snapshot at start. */
const ORDER = ['ingest', 'api', 'gateway', 'engine', 'jobs'] as const satisfies readonly Role[]

export const CLUSTER_HELP = `Usage: npm run cluster -- [--api N] [--gateway N] [--engine N] [--jobs N] [--ingest N]

Starts the roles of the venue as processes on this machine (ROLES=<role> each; README "Roles and NATS_URL"), all on
one PostgreSQL database (DATABASE_URL, required) and one NATS server (NATS_URL, required). Every process inherits the
rest of the environment (NATS_PREFIX, MARKET_SOURCE, HOST, DATA_DIR, ...).

  --api N       api processes (the PWA and /api) on PORT, PORT+1, ... (default 1; PORT default 8080, 0 = any free)
  --gateway N   gateways (market websocket, user stream /ws/v2) on MARKET_PORT, MARKET_PORT+1, ... (default 1;
                MARKET_PORT default 8292); api i tells its clients gateway (i mod N)'s port, unless
                MARKET_PUBLIC_PORT is set (a proxy in front): then that one
  --engine N    engine processes: spot matcher, futures risk engine (default 1)
  --jobs N      jobs processes: outbox relay, settlement, accrual, funding (default 1)
  --ingest N    1, or 2 = one active and one standby (default 1). Ingest starts first; the others once it is up
  --help        this text

N is 1 to ${MAX_PER_ROLE}. One line per process once it is up, e.g.
  api#1 pid 1234 http://localhost:8080
  gateway#1 pid 1240 ws://localhost:8292
  engine#1 pid 1250
then "cluster: <n> processes up; Ctrl-C stops them all". Each process's own output follows, prefixed "[api#1] ".
Ctrl-C (SIGINT) or SIGTERM stops every process (SIGTERM, SIGKILL after 5 s) and exits 0. When a process exits on its
own, or one fails to start, the cluster names it, stops all the others and exits 1: nothing is restarted.
Exit codes: 0 stopped by Ctrl-C/SIGTERM, 1 a process died or failed to start, 2 a bad flag or environment.
The PWA is served as built in dist/ (npm run build); the server is compiled into server/.bundle/ when stale.
`

/**
 * Reads the flags (`--api 2` or `--api=2`); every role defaults to 1.
 * @returns the counts, or `'help'` for `--help`/`-h`.
 * @throws ClusterUsageError naming the flag: unknown flag, missing or bad count (ingest 1–2, others 1–MAX_PER_ROLE).
 */
export function parseClusterArgs(argv: readonly string[]): ClusterCounts | 'help' {
  const counts: ClusterCounts = { ingest: 1, gateway: 1, api: 1, engine: 1, jobs: 1 }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') return 'help'
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split('=', 2) : [arg, undefined]
    const role = ORDER.find((r) => flag === `--${r}`)
    if (!role) {
      throw new ClusterUsageError(
        arg.startsWith('-') ? `unknown flag ${flag} (see --help)` : `unexpected argument "${arg}" (see --help)`,
      )
    }
    const value = inline ?? argv[++i]
    const max = role === 'ingest' ? 2 : MAX_PER_ROLE
    if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
      const got = value === undefined ? 'nothing' : `"${value}"`
      const range = role === 'ingest' ? '1 or 2 (one active, one standby)' : `a count from 1 to ${max}`
      throw new ClusterUsageError(`${flag}: expected ${range}, got ${got}`)
    }
    counts[role] = Number(value)
  }
  return counts
}

/**
 * The processes of a cluster of `counts` in the environment `env`: each role instance with ROLES set; api i (from 0)
 * on PORT+i and told gateway (i mod gateways)'s port as MARKET_PUBLIC_PORT (unless `env` sets one); gateway i on
 * MARKET_PORT+i; the others with PORT=0 and MARKET_PORT=0 (they bind nothing public). PORT=0 puts every api on a
 * free port of its own.
 * @throws ClusterUsageError: DATABASE_URL or NATS_URL unset, any other variable parseConfig refuses, MARKET_PORT=0,
 *   a port range past 65535, or the api and gateway ranges overlapping.
 */
export function planCluster(counts: ClusterCounts, env: Record<string, string | undefined>): ClusterPlan {
  const missing = (['DATABASE_URL', 'NATS_URL'] as const).find((name) => !env[name]?.trim())
  if (missing === 'DATABASE_URL')
    throw new ClusterUsageError('DATABASE_URL: required (postgres://…): every process of the cluster shares it')
  if (missing === 'NATS_URL')
    throw new ClusterUsageError('NATS_URL: required (nats://host:4222): the processes of the cluster talk over it')
  let port: number
  let marketPort: number
  try {
    ;({ port, marketPort } = parseConfig({ ...env, ROLES: 'ingest' }))
  } catch (err) {
    if (err instanceof ConfigError) throw new ClusterUsageError(err.message)
    throw err
  }
  if (marketPort === 0)
    throw new ClusterUsageError('MARKET_PORT: a fixed port is needed (gateway i listens on MARKET_PORT+i), got 0')
  const apiPorts = portRange('api', 'PORT', port, port === 0 ? 0 : counts.api)
  const gatewayPorts = portRange('gateway', 'MARKET_PORT', marketPort, counts.gateway)
  if (apiPorts && gatewayPorts && apiPorts.from <= gatewayPorts.to && gatewayPorts.from <= apiPorts.to) {
    throw new ClusterUsageError(
      `--api ${counts.api} and --gateway ${counts.gateway}: api ports ${apiPorts.from}–${apiPorts.to} overlap gateway ports ` +
        `${gatewayPorts.from}–${gatewayPorts.to}; set PORT and MARKET_PORT further apart`,
    )
  }
  const explicitPublic = env.MARKET_PUBLIC_PORT?.trim()
  const make = (role: Role, i: number, ports: Record<string, string> = {}): ClusterProcess => ({
    role,
    index: i + 1,
    name: `${role}#${i + 1}`,
    env: { ROLES: role, PORT: '0', MARKET_PORT: '0', ...ports },
  })
  const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i))
  const [first, ...rest] = ORDER.flatMap((role) =>
    times(counts[role], (i) => {
      if (role === 'api') {
        const advertised = explicitPublic || String(marketPort + (i % counts.gateway))
        return make(role, i, { PORT: String(port === 0 ? 0 : port + i), MARKET_PUBLIC_PORT: advertised })
      }
      return role === 'gateway' ? make(role, i, { MARKET_PORT: String(marketPort + i) }) : make(role, i)
    }),
  )
  return { first: first!, rest }
}

/** `from`…`to` of `count` ports from `base`, or undefined for none. @throws ClusterUsageError past 65535. */
function portRange(role: Role, variable: string, base: number, count: number) {
  if (count === 0) return undefined
  const to = base + count - 1
  if (to > 65535)
    throw new ClusterUsageError(`--${role} ${count}: ${variable}=${base} puts ${role}#${count} on ${to}, past 65535`)
  return { from: base, to }
}

/** The line a role process prints once it is up (server/http/launch.ts). */
const START_LINE = /^TC Market: (no http|\S+) · feed (not served|\S+) · /

/** Whether `line` is a role process's start line (`TC Market: … · pid …`). */
export function isStartLine(line: string): boolean {
  return START_LINE.test(line)
}

/**
 * Whether `line` says an ingest process is the standby (server/cluster/ingest-lease.ts): it is up, and prints its
 * start line only when it takes over.
 */
export function isStandbyLine(line: string): boolean {
  return line.startsWith('[ingest] standby:')
}

/**
 * The cluster's one line for a process that is up, e.g. `api#1 pid 1234 http://localhost:8080`, `gateway#2 pid 1240
 * ws://localhost:8293`, `engine#1 pid 1250`: the URL is the one the process's start line names (the api's HTTP,
 * the gateway's feed), so a port chosen by the system (PORT=0) is shown as bound.
 */
export function upLine(proc: ClusterProcess, pid: number, startLine: string): string {
  const [, http, feed] = START_LINE.exec(startLine) ?? []
  const url = proc.role === 'api' ? http : proc.role === 'gateway' ? feed : undefined
  return `${proc.name} pid ${pid}${url && !url.includes(' ') ? ` ${url}` : ''}`
}
