/** Environment configuration (DESIGN §2): defaults, parsing, and one clear line for every bad value. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_PUSH_HOSTS, parseConfig } from '../../server/config'

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(parseConfig({})).toEqual({
      port: 8080,
      marketPort: 8292,
      marketPublicPort: 8292,
      host: '0.0.0.0',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      marketSource: 'auto',
      replaySpeed: 1,
      tls: undefined,
      smtpUrl: undefined,
      htxWsUrl: 'wss://api.huobi.pro/ws',
      publicOrigins: undefined,
      trustProxy: false,
      push: { subject: 'mailto:operator@tc-market.invalid', endpointHosts: DEFAULT_PUSH_HOSTS },
      liveTradingOnTestFeed: false,
      roles: 'all',
      natsUrl: undefined,
      natsPrefix: undefined,
    })
  })

  it('reads the Web Push settings: keys set together, the private key never echoed, push hosts as a list', () => {
    const pub = `B${'a'.repeat(86)}`
    const priv = 'k'.repeat(43)
    expect(
      parseConfig({
        VAPID_SUBJECT: 'https://trade.example.com',
        VAPID_PUBLIC_KEY: pub,
        VAPID_PRIVATE_KEY: priv,
        PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,127.0.0.1',
      }).push,
    ).toEqual({
      subject: 'https://trade.example.com',
      publicKey: pub,
      privateKey: priv,
      endpointHosts: ['fcm.googleapis.com', '127.0.0.1'],
    })
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/^VAPID_PRIVATE_KEY: .* set together$/)
    expect(() => parseConfig({ VAPID_PRIVATE_KEY: 'secret!' })).toThrow(/^VAPID_PRIVATE_KEY: expected [^(]*$/)
    expect(() => parseConfig({ VAPID_SUBJECT: 'http://x' })).toThrow(/^VAPID_SUBJECT: expected a mailto:/)
  })

  it('reads every variable; empty values count as unset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tc-tls-'))
    writeFileSync(join(dir, 'cert.pem'), 'x')
    writeFileSync(join(dir, 'key.pem'), 'y')
    const config = parseConfig({
      PORT: '9000',
      MARKET_PORT: '9001',
      MARKET_PUBLIC_PORT: '443',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/tc-data',
      DATABASE_URL: 'postgres://u@db:5432/app',
      MARKET_SOURCE: 'replay:../shared/data/market/klines',
      REPLAY_SPEED: '2.5',
      TLS_CERT: join(dir, 'cert.pem'),
      TLS_KEY: join(dir, 'key.pem'),
      SMTP_URL: 'smtp://mail:25',
      HTX_WS_URL: 'ws://127.0.0.1:9999/ws',
      PUBLIC_ORIGIN: 'https://Trade.Example.com/, http://192.168.1.5:8080',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
      LIVE_TRADING_ON_TEST_FEED: '1',
    })
    expect(config).toMatchObject({
      port: 9000,
      marketPort: 9001,
      marketPublicPort: 443,
      host: '127.0.0.1',
      dataDir: '/tmp/tc-data',
      databaseUrl: 'postgres://u@db:5432/app',
      marketSource: 'replay:../shared/data/market/klines',
      replaySpeed: 2.5,
      tls: { certPath: join(dir, 'cert.pem'), keyPath: join(dir, 'key.pem') },
      smtpUrl: 'smtp://mail:25',
      htxWsUrl: 'ws://127.0.0.1:9999/ws',
      publicOrigins: ['https://trade.example.com', 'http://192.168.1.5:8080'],
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
      liveTradingOnTestFeed: true,
    })
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(parseConfig({ TRUST_PROXY: 'false', PUBLIC_ORIGIN: ' ' })).toMatchObject({
      trustProxy: false,
      publicOrigins: undefined,
    })
    expect(parseConfig({ PORT: '', MARKET_SOURCE: ' ' })).toMatchObject({ port: 8080, marketSource: 'auto' })
    // Port 0 (any free port): clients are told the port the gateway really bound.
    expect(parseConfig({ MARKET_PORT: '0' }).marketPublicPort).toBeUndefined()
  })

  it.each([
    [{ PORT: 'abc' }, /^PORT: expected an integer port 0–65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /^PORT: /],
    [{ MARKET_PORT: '-1' }, /^MARKET_PORT: /],
    [{ MARKET_PUBLIC_PORT: '1.5' }, /^MARKET_PUBLIC_PORT: /],
    [{ MARKET_SOURCE: 'binance' }, /^MARKET_SOURCE: expected auto, sim, htx or replay:<file or folder>/],
    [{ MARKET_SOURCE: 'replay:' }, /^MARKET_SOURCE: /],
    [{ REPLAY_SPEED: '0' }, /^REPLAY_SPEED: expected a positive number/],
    [{ LIVE_TRADING_ON_TEST_FEED: 'yes' }, /^LIVE_TRADING_ON_TEST_FEED: expected 1 /],
    [{ REPLAY_SPEED: 'fast' }, /^REPLAY_SPEED: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: expected a postgres:\/\/… URL/],
    [{ HTX_WS_URL: 'http://x' }, /^HTX_WS_URL: /],
    [{ SMTP_URL: 'mail.example.com' }, /^SMTP_URL: /],
    [{ TLS_CERT: '/nonexistent/cert.pem', TLS_KEY: '/nonexistent/key.pem' }, /^TLS_CERT: file not found/],
    [{ HOST: 'bad host!' }, /^HOST: /],
    [
      { PUBLIC_ORIGIN: 'trade.example.com' },
      /^PUBLIC_ORIGIN: expected comma-separated origins like https:\/\/trade\.example\.com/,
    ],
    [{ PUBLIC_ORIGIN: 'https://trade.example.com/app' }, /^PUBLIC_ORIGIN: /],
    [{ PUBLIC_ORIGIN: 'https://user@trade.example.com' }, /^PUBLIC_ORIGIN: /],
    [{ PUBLIC_ORIGIN: 'ftp://trade.example.com' }, /^PUBLIC_ORIGIN: /],
    [{ TRUST_PROXY: 'yes please' }, /^TRUST_PROXY: /],
    [{ ROLES: 'api,matcher' }, /^ROLES: expected all or a comma-separated list of ingest, gateway, api, engine, jobs/],
    [{ ROLES: 'all,api', NATS_URL: 'nats://n:4222' }, /^ROLES: /],
    [{ ROLES: 'api' }, /^NATS_URL: required when ROLES is not all \(got ROLES="api"\)/],
    [{ NATS_URL: 'http://n:4222' }, /^NATS_URL: /],
    [{ NATS_PREFIX: 'a.b' }, /^NATS_PREFIX: /],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('reads ROLES (default all, which needs no NATS_URL) and NATS_URL / NATS_PREFIX', () => {
    expect(parseConfig({ ROLES: 'all' })).toMatchObject({ roles: 'all', natsUrl: undefined })
    expect(parseConfig({ NATS_URL: 'nats://n:4222' })).toMatchObject({ roles: 'all', natsUrl: 'nats://n:4222' })
    expect(
      parseConfig({
        ROLES: ' Ingest, engine,jobs,engine ',
        NATS_URL: 'nats://a:4222,nats://b:4222',
        NATS_PREFIX: 't1',
      }),
    ).toMatchObject({ roles: ['ingest', 'engine', 'jobs'], natsUrl: 'nats://a:4222,nats://b:4222', natsPrefix: 't1' })
  })

  it('requires TLS_CERT and TLS_KEY together', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tc-tls-'))
    writeFileSync(join(dir, 'cert.pem'), 'x')
    expect(() => parseConfig({ TLS_CERT: join(dir, 'cert.pem') })).toThrow(
      /^TLS_KEY: TLS_CERT and TLS_KEY must be set together$/,
    )
  })
})

describe('the server process', () => {
  it('exits 1 with one line and no stack for a bad value', () => {
    const run = spawnSync('npx', ['tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-cfg-')) },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.split('\n').filter((l) => l.trim() && !l.includes('npm warn'))
    expect(lines).toEqual(['config error: PORT: expected an integer port 0–65535 (got "eighty")'])
    expect(run.stdout).toBe('')
  })
})
