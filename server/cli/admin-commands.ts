/**
 * Operator commands of `npm run admin -- <command>` (DESIGN §4 Operators), separate from the process wrapper so
 * tests run them against a test database. Each returns an exit code; output goes through `out`/`err`.
 */
import { parseArgs } from 'node:util'
import { LOCALES, type Locale } from '../../common/constants'
import { listAnnouncementLocales } from '../db/announcements'
import type { Db } from '../db/client'
import { listMarkets } from '../db/markets'
import { SETTING_KEYS, isSettingKey, readSettings } from '../db/settings'
import { saveAnnouncementText, setSetting } from '../support/operator-content'
import { withDomainErrors } from './commands/errors'
import { ACCOUNTS_COMMANDS } from './commands/accounts'
import { IDENTITY_COMMANDS } from './commands/identity'
import { MONEY_COMMANDS } from './commands/money'
import { SUPPORT_COMMANDS } from './commands/support'
import { TRADING_COMMANDS } from './commands/trading'
import { CONTRACT_COMMANDS } from './commands/contract'
import { RISK_COMMANDS } from './commands/risk'
import { FINANCIAL_COMMANDS } from './commands/financial'
import { CUSTODY_COMMANDS } from './commands/custody'
import { UsageError, type AdminCommand, type AdminIo } from './commands/types'

export type { AdminIo }

const MODULE_COMMANDS: readonly AdminCommand[] = [
  ...ACCOUNTS_COMMANDS,
  ...IDENTITY_COMMANDS,
  ...SUPPORT_COMMANDS,
  ...MONEY_COMMANDS,
  ...TRADING_COMMANDS,
  ...CONTRACT_COMMANDS,
  ...RISK_COMMANDS,
  ...FINANCIAL_COMMANDS,
  ...CUSTODY_COMMANDS,
]

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

  config get [key]            print settings (${SETTING_KEYS.join(', ')})
  config set <key> <value>    change a setting (web_maintain: 1 = open, other = maintenance)
  announcements list          list announcements with their languages
  announcements add --title T --summary S --content C [--locale L] [--pinned]
                              add an announcement in one language (default en; one of ${LOCALES.join(' ')})
  markets list                list markets in display order
${MODULE_COMMANDS.map((c) => c.usage + '\n').join('')}
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data). While the server runs on
the embedded database, the command is run by that server (through DATA_DIR/admin.sock).`

/** Runs one command. Returns the exit code: 0 ok, 1 rejected value, 2 bad command line. */
export async function runAdmin(db: Db, argv: string[], io: AdminIo): Promise<number> {
  try {
    await dispatch(db, argv, io)
    return 0
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`error: ${err.message}\n\n${ADMIN_USAGE}`)
      return 2
    }
    io.err(`error: ${err instanceof Error ? err.message : String(err)}`)
    return 1
  }
}

/** True when argv asks only for help (no database needed). `help` alone is help; `help list` is a command. */
export function wantsHelp(argv: string[]): boolean {
  return (
    argv.length === 0 || argv.includes('--help') || argv.includes('-h') || (argv[0] === 'help' && argv.length === 1)
  )
}

async function dispatch(db: Db, argv: string[], io: AdminIo): Promise<void> {
  const [group, action, ...rest] = argv
  const command = `${group ?? ''} ${action ?? ''}`.trim()
  const fromModule = MODULE_COMMANDS.find((c) => c.name === command)
  if (fromModule) return fromModule.run(db, rest, io)
  // A one-word command (`risk`) takes everything after its name.
  const oneWord = MODULE_COMMANDS.find((c) => c.name === group)
  if (oneWord) return oneWord.run(db, argv.slice(1), io)
  switch (command) {
    case 'config get':
      return configGet(db, rest, io)
    case 'config set':
      return configSet(db, rest, io)
    case 'announcements list':
      return announcementsList(db, io)
    case 'announcements add':
      return announcementsAdd(db, rest, io)
    case 'markets list':
      return marketsList(db, io)
    default:
      throw new UsageError(`unknown command "${command}"`)
  }
}

async function configGet(db: Db, args: string[], io: AdminIo): Promise<void> {
  const settings = await readSettings(db)
  const [key] = args
  if (key === undefined) {
    for (const k of SETTING_KEYS) io.out(`${k}=${settings[k]}`)
    return
  }
  if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}" (one of ${SETTING_KEYS.join(', ')})`)
  io.out(settings[key])
}

async function configSet(db: Db, args: string[], io: AdminIo): Promise<void> {
  const [key, value, ...extra] = args
  if (key === undefined || value === undefined || extra.length > 0) throw new UsageError('config set <key> <value>')
  if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}" (one of ${SETTING_KEYS.join(', ')})`)
  io.out(`${key}=${await withDomainErrors(key, () => setSetting({ db }, { userId: null }, key, value))}`)
}

async function announcementsList(db: Db, io: AdminIo): Promise<void> {
  const rows = await listAnnouncementLocales(db)
  if (rows.length === 0) io.out('(no announcements)')
  for (const r of rows) {
    io.out(`#${r.id}${r.pinned ? ' [pinned]' : ''}  ${r.created_at} UTC  ${r.title}  (${r.locales.join(' ')})`)
  }
}

async function announcementsAdd(db: Db, args: string[], io: AdminIo): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      title: { type: 'string' },
      summary: { type: 'string' },
      content: { type: 'string' },
      locale: { type: 'string', default: 'en' },
      pinned: { type: 'boolean', default: false },
    },
  })
  for (const field of ['title', 'summary', 'content'] as const) {
    if (!values[field]?.trim()) throw new UsageError(`--${field} is required and must not be empty`)
  }
  const locale = values.locale as Locale
  if (!LOCALES.includes(locale)) throw new UsageError(`--locale must be one of ${LOCALES.join(' ')}`)
  const text = { title: values.title!.trim(), summary: values.summary!.trim(), content: values.content!.trim() }
  const id = await saveAnnouncementText({ db }, { userId: null }, { locale, pinned: values.pinned, ...text })
  io.out(`added announcement #${id} (${locale})`)
}

async function marketsList(db: Db, io: AdminIo): Promise<void> {
  for (const m of await listMarkets(db)) {
    const where = [m.tradableSpot && 'spot', m.tradableContract && 'contract', m.tradableOption && 'option']
    io.out(
      `${String(m.sort).padStart(3)}  ${m.symbol.padEnd(12)} ${m.category.padEnd(8)} ${m.base}/${m.quote}` +
        `  price ${m.pricePrecision} dp, amount ${m.amountPrecision} dp  ${where.filter(Boolean).join('+')}` +
        `${m.popular ? '  popular' : ''}  currency_id ${m.currencyId} matches_id ${m.matchesId}`,
    )
  }
}
