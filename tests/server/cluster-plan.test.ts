/**
 * `npm run cluster`'s flags, the environment it requires and the ports each process gets (server/cli/cluster-plan.ts):
 * pure functions, no process started.
 */
import { describe, expect, it } from 'vitest'
import {
  ClusterUsageError,
  parseClusterArgs,
  planCluster,
  upLine,
  type ClusterCounts,
  type ClusterPlan,
} from '../../server/cli/cluster-plan'

const ENV = { DATABASE_URL: 'postgres://u@db:5432/tc', NATS_URL: 'nats://bus:4222' }
const ONE: ClusterCounts = { ingest: 1, api: 1, gateway: 1, engine: 1, jobs: 1 }

/** `name → env` of every process, in start order. */
const byName = (plan: ClusterPlan) =>
  Object.fromEntries([plan.first, ...plan.rest].map((p) => [p.name, p.env] as const))

const usage = (f: () => unknown) => {
  try {
    f()
  } catch (err) {
    expect(err).toBeInstanceOf(ClusterUsageError)
    return (err as Error).message
  }
  throw new Error('no ClusterUsageError')
}

describe('parseClusterArgs', () => {
  it('starts one process of each role without flags', () => {
    expect(parseClusterArgs([])).toEqual(ONE)
  })

  it('reads --role N and --role=N', () => {
    expect(parseClusterArgs(['--api', '2', '--gateway=3', '--engine', '2', '--jobs', '4', '--ingest', '2'])).toEqual({
      ingest: 2,
      api: 2,
      gateway: 3,
      engine: 2,
      jobs: 4,
    })
  })

  it('answers help for --help and -h, whatever else is there', () => {
    expect(parseClusterArgs(['--api', '2', '--help'])).toBe('help')
    expect(parseClusterArgs(['-h'])).toBe('help')
  })

  it.each([
    [['--apis', '2'], 'unknown flag --apis (see --help)'],
    [['--api=2', 'engine'], 'unexpected argument "engine" (see --help)'],
    [['--api'], '--api: expected a count from 1 to 32, got nothing'],
    [['--gateway', 'two'], '--gateway: expected a count from 1 to 32, got "two"'],
    [['--engine', '0'], '--engine: expected a count from 1 to 32, got "0"'],
    [['--jobs=33'], '--jobs: expected a count from 1 to 32, got "33"'],
    [['--api', '-1'], '--api: expected a count from 1 to 32, got "-1"'],
    [['--ingest', '3'], '--ingest: expected 1 or 2 (one active, one standby), got "3"'],
  ])('refuses %j naming the flag', (argv, message) => {
    expect(usage(() => parseClusterArgs(argv))).toBe(message)
  })
})

describe('planCluster', () => {
  it('starts ingest#1 first, then the others, each with its role in ROLES', () => {
    const plan = planCluster({ ...ONE, ingest: 2, api: 2 }, ENV)
    expect(plan.first).toMatchObject({ role: 'ingest', index: 1, name: 'ingest#1' })
    expect(plan.rest.map((p) => p.name)).toEqual(['ingest#2', 'api#1', 'api#2', 'gateway#1', 'engine#1', 'jobs#1'])
    for (const p of [plan.first, ...plan.rest]) expect(p.env.ROLES).toBe(p.role)
  })

  it('puts api i on PORT+i and gateway i on MARKET_PORT+i, each api told gateway (i mod gateways)', () => {
    const env = byName(
      planCluster({ ...ONE, api: 3, gateway: 2, engine: 2 }, { ...ENV, PORT: '9000', MARKET_PORT: '9100' }),
    )
    expect(env).toEqual({
      'ingest#1': { ROLES: 'ingest', PORT: '0', MARKET_PORT: '0' },
      'api#1': { ROLES: 'api', PORT: '9000', MARKET_PORT: '0', MARKET_PUBLIC_PORT: '9100' },
      'api#2': { ROLES: 'api', PORT: '9001', MARKET_PORT: '0', MARKET_PUBLIC_PORT: '9101' },
      'api#3': { ROLES: 'api', PORT: '9002', MARKET_PORT: '0', MARKET_PUBLIC_PORT: '9100' },
      'gateway#1': { ROLES: 'gateway', PORT: '0', MARKET_PORT: '9100' },
      'gateway#2': { ROLES: 'gateway', PORT: '0', MARKET_PORT: '9101' },
      'engine#1': { ROLES: 'engine', PORT: '0', MARKET_PORT: '0' },
      'engine#2': { ROLES: 'engine', PORT: '0', MARKET_PORT: '0' },
      'jobs#1': { ROLES: 'jobs', PORT: '0', MARKET_PORT: '0' },
    })
  })

  it('defaults to PORT 8080 and MARKET_PORT 8292', () => {
    const env = byName(planCluster({ ...ONE, api: 2, gateway: 2 }, ENV))
    expect([env['api#2']!.PORT, env['api#2']!.MARKET_PUBLIC_PORT, env['gateway#2']!.MARKET_PORT]).toEqual([
      '8081',
      '8293',
      '8293',
    ])
  })

  it('tells every api the MARKET_PUBLIC_PORT of the environment when one is set (a proxy in front)', () => {
    const env = byName(planCluster({ ...ONE, api: 2, gateway: 2 }, { ...ENV, MARKET_PUBLIC_PORT: '443' }))
    expect([env['api#1']!.MARKET_PUBLIC_PORT, env['api#2']!.MARKET_PUBLIC_PORT]).toEqual(['443', '443'])
  })

  it('puts every api on a free port of its own with PORT=0', () => {
    const env = byName(planCluster({ ...ONE, api: 2 }, { ...ENV, PORT: '0' }))
    expect([env['api#1']!.PORT, env['api#2']!.PORT]).toEqual(['0', '0'])
  })

  it.each([
    [{}, 'DATABASE_URL: required (postgres://…): every process of the cluster shares it'],
    [
      { DATABASE_URL: ENV.DATABASE_URL, NATS_URL: ' ' },
      'NATS_URL: required (nats://host:4222): the processes of the cluster talk over it',
    ],
    [{ ...ENV, PORT: 'eighty' }, 'PORT: expected an integer port 0–65535 (got "eighty")'],
    [{ ...ENV, MARKET_PORT: '0' }, 'MARKET_PORT: a fixed port is needed (gateway i listens on MARKET_PORT+i), got 0'],
    [{ ...ENV, PORT: '65535' }, '--api 2: PORT=65535 puts api#2 on 65536, past 65535'],
    [
      { ...ENV, PORT: '8291' },
      '--api 2 and --gateway 1: api ports 8291–8292 overlap gateway ports 8292–8292; set PORT and MARKET_PORT further apart',
    ],
  ])('refuses the environment %j naming the variable', (env, message) => {
    expect(usage(() => planCluster({ ...ONE, api: 2 }, env))).toBe(message)
  })
})

describe('upLine', () => {
  const plan = planCluster({ ...ONE, api: 2, gateway: 2 }, ENV)
  const proc = (name: string) => [plan.first, ...plan.rest].find((p) => p.name === name)!

  it('names the api by its HTTP URL, the gateway by its feed URL, the others by role and pid only', () => {
    const tail = '· market source sim (random; not live) · database postgres · roles x · pid 7'
    expect(upLine(proc('api#2'), 7, `TC Market: http://localhost:8081 · feed not served ${tail}`)).toBe(
      'api#2 pid 7 http://localhost:8081',
    )
    expect(upLine(proc('gateway#2'), 7, `TC Market: no http · feed ws://localhost:8293 ${tail}`)).toBe(
      'gateway#2 pid 7 ws://localhost:8293',
    )
    expect(upLine(proc('engine#1'), 7, `TC Market: no http · feed not served ${tail}`)).toBe('engine#1 pid 7')
  })
})
