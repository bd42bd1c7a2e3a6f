/**
 * Sessions for the support end-to-end steps, made the way people make them: an operator through the admin CLI (over
 * the running server's socket) and a password sign-in, a user through send_code, the code the outbox logged, and
 * register. Plus `api`, a JSON call to the server.
 */
import { runViaAdminSocket } from '../../server/cli/admin-socket'
import type { E2E } from './context'
import { check } from './harness'

export type Env<T = unknown> = { code: number; msg: string; data: T }

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

/** An operator session: created through the admin CLI (over the server's socket), then signed in via the API. */
export async function operatorToken(e: E2E): Promise<string> {
  const email = `support-op-${unique()}@example.com`
  const password = 'Support-operator-pass-7'
  await adminCommand(e, ['operator', 'create', '--email', email, '--password', password])
  const login = await api<{ token: string }>(e, 'POST', 'user/login', { type: 'email', email, password })
  check(login.code === 1, `operator login: ${login.msg}`)
  return login.data.token
}

/** A user registered through the API with the code the outbox logged. */
export async function userToken(e: E2E): Promise<string> {
  const email = `support-user-${unique()}@example.com`
  const sent = await api(e, 'POST', 'user/send_code', { type: 'email', email, purpose: 'register' })
  check(sent.code === 1, `send_code: ${sent.msg}`)
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  let code: string | undefined
  for (let i = 0; i < 20 && !code; i++) {
    code = [...e.server.output().matchAll(new RegExp(`email to ${escaped}[^\\n]*?\\b(\\d{6})\\b`, 'g'))].at(-1)?.[1]
    if (!code) await new Promise((r) => setTimeout(r, 100))
  }
  check(code, 'no verification code in the server output')
  const password = 'Support-user-pass-31'
  const reg = await api<{ token: string }>(e, 'POST', 'user/register', {
    type: 'email', email, password, re_password: password, code, agree: true,
  })
  check(reg.code === 1, `register: ${reg.msg}`)
  return reg.data.token
}
