/**
 * Accounts for the end-to-end steps, made the way people make them: an operator through the admin CLI (over the
 * running server's socket) and a password sign-in; a user through send_code, the code the outbox logged (the server
 * prints it when SMTP_URL is unset), and register. Plus `api`, a JSON call to the server.
 */
import { runViaAdminSocket } from '../../server/cli/admin-socket'
import type { E2E } from './context'
import { check } from './harness'

export type Env<T = unknown> = { code: number; msg: string; data: T }

/** What register and login answer: the token and the user info the app stores. */
export interface Session {
  token: string
  user: { email: string | null; invite_code: string; has_pay_password: boolean; has_password: boolean }
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Runs an admin command in the server; resolves with its output lines, throws when it fails. */
export async function adminCommand(e: E2E, argv: string[]): Promise<string[]> {
  const out: string[] = []
  const code = await runViaAdminSocket(e.server.dataDir, argv, { out: (l) => out.push(l), err: (l) => out.push(l) })
  check(code === 0, `admin ${argv.slice(0, 2).join(' ')} exited ${code}: ${out.join(' ')}`)
  return out
}

/** A call to `/api/<path>` in English, with a session token when given. */
export async function api<T>(e: E2E, method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Env<T>> {
  const res = await fetch(`${e.server.url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(token ? { token } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  })
  return (await res.json()) as Env<T>
}

/** The last code the outbox logged for `address` (an e-mail), or undefined. */
export function codeFromOutbox(output: string, address: string): string | undefined {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return [...output.matchAll(new RegExp(`\\[outbox #\\d+\\] email to ${escaped} [^\\n]*?\\b(\\d{6})\\b`, 'g'))].at(-1)?.[1]
}

/** Waits (≤ 10 s) until the server's output has a code for `email`. */
export async function waitForCode(e: E2E, email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = codeFromOutbox(e.server.output(), email)
    if (code) return code
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no code for ${email} in the server output`)
}

/** Registers `email` through the API with the code the outbox logged; answers the new session. */
export async function registerByApi(e: E2E, email: string, password: string): Promise<Session> {
  const sent = await api(e, 'POST', 'user/send_code', { type: 'email', email, purpose: 'register' })
  check(sent.code === 1, `send_code: ${sent.msg}`)
  const code = await waitForCode(e, email)
  const reg = await api<Session>(e, 'POST', 'user/register', { type: 'email', email, password, re_password: password, code, agree: true })
  check(reg.code === 1, `register: ${reg.msg}`)
  return reg.data
}

/** An operator session: created through the admin CLI (over the server's socket), then signed in via the API. */
export async function operatorToken(e: E2E): Promise<string> {
  const email = `support-op-${unique()}@example.com`
  const password = 'Support-operator-pass-7'
  await adminCommand(e, ['operator', 'create', '--email', email, '--password', password])
  const login = await api<{ token: string }>(e, 'POST', 'user/login', { type: 'email', email, password })
  check(login.code === 1, `operator login: ${login.msg}`)
  return login.data.token
}

/** A token of a new user registered through the API. */
export async function userToken(e: E2E): Promise<string> {
  return (await registerByApi(e, `support-user-${unique()}@example.com`, 'Support-user-pass-31')).token
}
