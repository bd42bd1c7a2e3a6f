/**
 * Operator commands of the accounts module: make an operator (new, or promote an existing user), list users,
 * disable or re-enable one, and read the outbox (verification codes when no SMTP / SMS provider is configured).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import * as z from 'zod/mini'
import { emailField } from '../../../common/api/account'
import {
  createOperator,
  listUsers,
  OperatorAccountsError,
  promoteOperator,
  setUserStatus,
  type Actor,
} from '../../auth/operator-accounts'
import { listOutbox } from '../../auth/outbox'
import { displayAccount } from '../../auth/user-info'
import { serverMessage } from '../../content/server-messages'
import { formatUtc } from '../../db/announcements'
import type { Db } from '../../db/client'
import { UsageError, type AdminCommand } from './types'

/** node:util parseArgs, with a bad command line reported as a usage error (exit 2). */
function parse<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config)
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err))
  }
}

/** `--limit N` within 1..max (default `def`). */
function limitOf(value: string | undefined, def: number, max: number): number {
  if (value === undefined) return def
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`--limit must be a whole number from 1 to ${max}`)
  }
  return Number(value)
}

function emailOf(value: string | undefined): string {
  const parsed = z.safeParse(emailField, value ?? '')
  if (!parsed.success) throw new UsageError('--email must be an e-mail address')
  return parsed.data
}

/** The English text of a refusal, for the operator at the terminal. */
function refusal(err: unknown): never {
  if (!(err instanceof OperatorAccountsError)) throw err
  throw new Error(serverMessage('en', err.key))
}

const CLI: Actor = { kind: 'cli' }

const operatorCreate: AdminCommand = {
  name: 'operator create',
  usage:
    '  operator create --email E --password P\n' +
    '                              create an operator account (password: 8–128 characters, not a common one)\n' +
    '  operator create --email E --promote\n' +
    '                              make the existing user with this e-mail an operator (password unchanged)',
  async run(db, args, io) {
    const { values } = parse({
      args,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        promote: { type: 'boolean', default: false },
      },
    })
    const email = emailOf(values.email)
    if (values.promote) {
      const id = await promoteOperator(db, email, CLI).catch((err: unknown) => {
        if (err instanceof OperatorAccountsError && err.key === 'userNotFound') {
          throw new Error(`no user with e-mail ${email} (leave out --promote and give --password to create one)`)
        }
        return refusal(err)
      })
      io.out(`user #${id} (${email}) is now an operator`)
      return
    }
    if (values.password === undefined) throw new UsageError('--password is required to create an operator')
    const id = await createOperator(db, email, values.password, CLI).catch((err: unknown) => {
      if (err instanceof OperatorAccountsError && err.key === 'emailInUse') {
        throw new Error(`a user with e-mail ${email} exists (#${err.userId}); add --promote to make it an operator`)
      }
      if (err instanceof OperatorAccountsError) throw new Error(`--password: ${serverMessage('en', err.key)}`)
      throw err
    })
    io.out(`created operator #${id} (${email})`)
  },
}

const usersList: AdminCommand = {
  name: 'users list',
  usage:
    '  users list [--search TEXT] [--limit N]\n' +
    '                              newest users first; --search matches part of the e-mail, phone, wallet or\n' +
    '                              invitation code (default 50, max 1000)',
  async run(db, args, io) {
    const { values } = parse({ args, strict: true, options: { limit: { type: 'string' }, search: { type: 'string' } } })
    const rows = await listUsers(db, { q: values.search, limit: limitOf(values.limit, 50, 1000) })
    if (rows.length === 0) io.out('(no users)')
    for (const u of rows) {
      const flags = [
        u.role === 'operator' && 'operator',
        u.status === 'disabled' && 'DISABLED',
        u.walletAddress && u.email && 'wallet',
      ]
      io.out(
        `#${u.id}  ${formatUtc(u.createdAt)} UTC  ${displayAccount(u)}  invite ${u.inviteCode}` +
          `${u.inviterId ? `  invited by #${u.inviterId}` : ''}${flags.some(Boolean) ? `  [${flags.filter(Boolean).join(', ')}]` : ''}`,
      )
    }
  },
}

/** `users disable <id>` / `users enable <id>`. */
function setStatus(status: 'active' | 'disabled'): AdminCommand {
  const verb = status === 'disabled' ? 'disable' : 'enable'
  const usage = `users ${verb} <id>`
  return {
    name: `users ${verb}`,
    usage:
      status === 'disabled'
        ? "  users disable <id>          refuse the user's sign-ins and end their sessions"
        : '  users enable <id>           allow a disabled user to sign in again',
    async run(db: Db, args, io) {
      const [arg, ...extra] = args
      if (arg === undefined || extra.length > 0 || !/^\d{1,9}$/.test(arg)) throw new UsageError(usage)
      const id = Number(arg)
      const ended = await setUserStatus(db, id, status, CLI).catch((err: unknown) => {
        if (err instanceof OperatorAccountsError && err.key === 'userNotFound') throw new Error(`no user #${id}`)
        return refusal(err)
      })
      io.out(`user #${id} is now ${status}${status === 'disabled' ? ` (${ended} session(s) ended)` : ''}`)
    },
  }
}

const outboxList: AdminCommand = {
  name: 'outbox list',
  usage:
    '  outbox list [--to ADDRESS] [--limit N]\n' +
    '                              newest messages first with their text (verification codes); --to matches part of\n' +
    '                              the recipient (default 20, max 500)',
  async run(db, args, io) {
    const { values } = parse({ args, strict: true, options: { to: { type: 'string' }, limit: { type: 'string' } } })
    const rows = await listOutbox(db, { to: (values.to ?? '').trim(), limit: limitOf(values.limit, 20, 500) })
    if (rows.length === 0) io.out('(no messages)')
    for (const m of rows) {
      io.out(
        `#${m.id}  ${m.created_at} UTC  ${m.channel} to ${m.recipient}  [${m.status}${m.error ? `: ${m.error}` : ''}]`,
      )
      io.out(`    ${m.subject}`)
      for (const line of m.body.split('\n')) io.out(`    ${line}`)
    }
  },
}

export const ACCOUNTS_COMMANDS: readonly AdminCommand[] = [
  operatorCreate,
  usersList,
  setStatus('disabled'),
  setStatus('active'),
  outboxList,
]
