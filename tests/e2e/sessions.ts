/**
 * Accounts for the end-to-end tests, made the way people make them: an operator through the admin CLI (over the
 * running server's socket) and a password sign-in; a user through send_code, the code the outbox holds (read with
 * `admin outbox list`, as an operator without SMTP reads it), and register. Plus `api`, a JSON call to the server.
 */
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { expect } from '@playwright/test'
import { CODE_RETRY_LATER } from '../../common/constants'
import { runViaAdminSocket } from '../../server/cli/admin-socket'
import type { E2EServer } from './fixtures'

export type Env<T = unknown> = { code: number; msg: string; data: T }

/** What register and login answer: the token and the user info the app stores. */
export interface Session {
  token: string
  user: { email: string | null; invite_code: string; has_pay_password: boolean; has_password: boolean }
}

/** A suffix that makes e-mail addresses of one run (and of parallel workers) unique. */
export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Runs an admin command in the server; resolves with its output lines, throws when it fails. */
export async function adminCommand(server: E2EServer, argv: string[]): Promise<string[]> {
  const out: string[] = []
  const code = await runViaAdminSocket(server.dataDir, argv, { out: (l) => out.push(l), err: (l) => out.push(l) })
  if (code !== 0) throw new Error(`admin ${argv.slice(0, 2).join(' ')} exited ${code}: ${out.join(' ')}`)
  return out
}

/** A call to `/api/<path>` in English, with a session token when given. */
export async function api<T>(
  server: E2EServer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<Env<T>> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  })
  return (await res.json()) as Env<T>
}

/** The 6-digit code of the newest outbox message to `address`, or undefined when there is none. */
export async function codeInOutbox(server: E2EServer, address: string): Promise<string | undefined> {
  const lines = await adminCommand(server, ['outbox', 'list', '--to', address, '--limit', '1'])
  // Line 1 is "#id  time  channel to address [status]"; the subject and body follow, indented.
  return lines
    .slice(1)
    .join('\n')
    .match(/\b(\d{6})\b/)?.[1]
}

/** Waits until the outbox holds a code for `email` that is not `previous`; answers it. */
export async function waitForCode(server: E2EServer, email: string, previous?: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => (code = await codeInOutbox(server, email)), {
      message: `a code for ${email} in the outbox`,
      timeout: 10_000,
    })
    .toMatch(new RegExp(`^(?!${previous ?? 'x'}$)\\d{6}$`))
  return code!
}

/** The next loopback address to ask for a code from: 127.0.0.2–127.0.0.251, starting anywhere (one per worker). */
let nextHost = Math.floor(Math.random() * 250)

/**
 * POST `path` from the loopback address `from` (the server is bound to 127.0.0.1; every 127/8 address reaches it). The
 * server limits verification codes per client address (20 an hour), as it should; the suite's users are many people,
 * so each asks from an address of its own, as they would from their own phones.
 */
function postFrom<T>(server: E2EServer, from: string, path: string, body: unknown): Promise<Env<T>> {
  const url = new URL(`/api/${path}`, server.url)
  const data = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'accept-language': 'en',
          'content-length': Buffer.byteLength(data),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          try {
            resolve(JSON.parse(text) as Env<T>)
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)))
          }
        })
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

/** Registers `email` through the API with the code the outbox holds; answers the new session. */
export async function registerByApi(server: E2EServer, email: string, password: string): Promise<Session> {
  const from = `127.0.0.${2 + (nextHost++ % 250)}`
  const sent = await postFrom(server, from, 'user/send_code', { type: 'email', email, purpose: 'register' })
  expect(sent, 'send_code').toMatchObject({ code: 1 })
  const code = await waitForCode(server, email)
  const reg = await api<Session>(server, 'POST', 'user/register', {
    type: 'email',
    email,
    password,
    re_password: password,
    code,
    agree: true,
  })
  expect(reg, 'register').toMatchObject({ code: 1 })
  return reg.data
}

/** An operator session: created through the admin CLI (over the server's socket), then signed in via the API. */
export async function operatorToken(server: E2EServer): Promise<string> {
  const email = `support-op-${unique()}@example.com`
  const password = 'Support-operator-pass-7'
  await adminCommand(server, ['operator', 'create', '--email', email, '--password', password])
  const login = await api<{ token: string }>(server, 'POST', 'user/login', { type: 'email', email, password })
  expect(login, 'operator login').toMatchObject({ code: 1 })
  return login.data.token
}

/** A new user registered through the API. */
export async function newUser(
  server: E2EServer,
  prefix = 'user',
): Promise<Session & { email: string; password: string }> {
  const email = `${prefix}-${unique()}@example.com`
  const password = `${prefix} lantern meadow 31`
  return { ...(await registerByApi(server, email, password)), email, password }
}

/** A TRON address (base58check) used as the platform's deposit address and the user's sending address. */
const FUND_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'

/**
 * A money POST as `token` with a fresh Idempotency-Key. A 503 "retry later" (a book older than its price age on a
 * loaded machine, a transaction to send again) is sent again with the same key and body, as a client does, until
 * the server answers otherwise (20 s at most); every other answer is returned as it came.
 */
export async function keyedCall<T>(server: E2EServer, path: string, body: unknown, token: string): Promise<Env<T>> {
  const key = randomUUID()
  const send = async () => {
    const res = await fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', token, 'idempotency-key': key },
      body: JSON.stringify(body),
    })
    return (await res.json()) as Env<T>
  }
  let answer = await send()
  if (answer.code === CODE_RETRY_LATER) {
    await expect(async () => {
      answer = await send()
      expect(answer.code, `${path}: still "retry later"`).not.toBe(CODE_RETRY_LATER)
    }).toPass({ intervals: [500, 1_000], timeout: 20_000 })
  }
  return answer
}

/**
 * Funds the user's coin (spot) account the way money arrives: a USDT deposit claimed through the API and approved by
 * the operator with the admin CLI; `toOptions` of it then moved to the options account.
 */
export async function fundUser(server: E2EServer, token: string, usdt: string, toOptions?: string): Promise<void> {
  await adminCommand(server, ['chains', 'set', 'USDT', 'TRC20', '--address', FUND_ADDRESS])
  const claim = await keyedCall<{ id: number }>(
    server,
    'assets/deposit_claim',
    { currency: 'USDT', chain: 'TRC20', from_address: FUND_ADDRESS, amount: usdt },
    token,
  )
  expect(claim, 'deposit_claim').toMatchObject({ code: 1 })
  await adminCommand(server, ['deposits', 'approve', String(claim.data.id)])
  if (toOptions) {
    const moved = await keyedCall(
      server,
      'assets/transfer',
      { currency: 'USDT', from: 'spot', to: 'option', amount: toOptions },
      token,
    )
    expect(moved, 'transfer to options').toMatchObject({ code: 1 })
  }
}

/** Moves `usdt` USDT of the user's coin (spot) account into the futures account, as the transfer screen does. */
export async function toFutures(server: E2EServer, token: string, usdt: string): Promise<void> {
  const moved = await keyedCall(
    server,
    'assets/transfer',
    { currency: 'USDT', from: 'spot', to: 'contract', amount: usdt },
    token,
  )
  expect(moved, 'transfer to futures').toMatchObject({ code: 1 })
}
