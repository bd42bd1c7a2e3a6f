/**
 * Operator commands of money (issue 10): review deposit claims and withdrawals, configure currency/chain pairs, set
 * the demo book's funds, and check the ledger's invariants (exit 0 only when balanced). Every decision goes through
 * the same services as the `admin/*` calls.
 */
import { parseArgs } from 'node:util'
import { CHAINS, REVIEW_STATES, WITHDRAWAL_STATES, type Chain } from '../../../common/api/assets'
import { parseDecimal } from '../../../common/amount'
import type { Db } from '../../db/client'
import { checkLedger } from '../../ledger/check'
import { chainSettings, listChains, saveChain } from '../../money/chains'
import { setDemoFunds, setUserDemoFunds } from '../../money/demo'
import { adminListDeposits, reviewDeposit } from '../../money/deposits'
import { setAutoLimit } from '../../money/withdraw-auto-limit'
import { adminListWithdrawals, reviewWithdrawal } from '../../money/withdrawals'
import { withDomainErrors } from './errors'
import { UsageError, type AdminCommand, type AdminIo } from './types'

function positiveId(arg: string | undefined, usage: string): number {
  if (arg === undefined || !/^\d{1,9}$/.test(arg) || Number(arg) < 1) throw new UsageError(usage)
  return Number(arg)
}

function statusOption<S extends string>(
  args: string[],
  states: readonly S[] = REVIEW_STATES as readonly string[] as readonly S[],
): S | undefined {
  const { values } = parseArgs({ args, strict: true, options: { status: { type: 'string' } } })
  const status = values.status as S | undefined
  if (status !== undefined && !states.includes(status)) {
    throw new UsageError(`--status must be one of ${states.join(', ')}`)
  }
  return status
}

/** An amount typed on the command line. */
function amountArg(text: string | undefined, usage: string) {
  if (text === undefined) throw new UsageError(usage)
  try {
    return parseDecimal(text)
  } catch {
    throw new UsageError(`not a plain decimal amount: ${text}`)
  }
}

/** `approve <id>` / `reject <id> <reason…>` of one review kind. */
function reviewCommands(
  noun: 'deposits' | 'withdrawals',
  decide: (
    db: Db,
    d: { id: number; approve: boolean; reason?: string; reviewerId: null },
  ) => Promise<{ id: number; status: string }>,
): AdminCommand[] {
  const one = noun === 'deposits' ? 'deposit' : 'withdrawal'
  const approveUsage = `${noun} approve <id>`
  const rejectUsage = `${noun} reject <id> <reason…>`
  const run = async (db: Db, io: AdminIo, id: number, approve: boolean, reason?: string) => {
    const r = await withDomainErrors(`${one} #${id}`, () => decide(db, { id, approve, reason, reviewerId: null }))
    io.out(`${one} #${r.id} is now ${r.status}`)
  }
  return [
    {
      name: `${noun} approve`,
      usage: `  ${approveUsage.padEnd(28)}approve a pending ${one}${noun === 'deposits' ? ' (credits it once)' : ' (pays it out)'}`,
      async run(db, args, io) {
        if (args.length !== 1) throw new UsageError(approveUsage)
        await run(db, io, positiveId(args[0], approveUsage), true)
      },
    },
    {
      name: `${noun} reject`,
      usage: `  ${rejectUsage.padEnd(28)}reject a pending ${one}; the reason is shown to the user`,
      async run(db, args, io) {
        if (args.length < 2) throw new UsageError(rejectUsage)
        await run(db, io, positiveId(args[0], rejectUsage), false, args.slice(1).join(' '))
      },
    },
  ]
}

const depositsList: AdminCommand = {
  name: 'deposits list',
  usage:
    '  deposits list [--status pending|approved|rejected]\n                              list deposit claims, newest first (max 200)',
  async run(db, args, io) {
    const { list, total } = await adminListDeposits(db, { status: statusOption(args), page: 1, limit: 200 }, 0)
    if (list.length === 0) io.out('(no deposits)')
    for (const d of list) {
      io.out(
        `#${d.id}  ${d.status.padEnd(8)} ${d.created_at} UTC  user ${d.user_id} (${d.account})  ${d.amount} ${d.currency} ${d.chain}  from ${d.from_address}${d.tx_hash ? `  tx ${d.tx_hash}` : ''}${d.reason ? `  reason: ${d.reason}` : ''}`,
      )
    }
    if (total > list.length) io.out(`… ${total - list.length} older not shown`)
  },
}

const withdrawalsList: AdminCommand = {
  name: 'withdrawals list',
  usage:
    '  withdrawals list [--status pending|approved|rejected|sending|paid|failed]\n                              list withdrawals, newest first (max 200)',
  async run(db, args, io) {
    const { list, total } = await adminListWithdrawals(db, {
      status: statusOption(args, WITHDRAWAL_STATES),
      page: 1,
      limit: 200,
    })
    if (list.length === 0) io.out('(no withdrawals)')
    for (const w of list) {
      io.out(
        `#${w.id}  ${w.status.padEnd(8)} ${w.created_at} UTC  user ${w.user_id} (${w.account})  ${w.amount} ${w.currency} ${w.chain} + fee ${w.fee}  to ${w.address}${w.tx_hash ? `  tx ${w.tx_hash}` : ''}${w.reason ? `  reason: ${w.reason}` : ''}${w.hold ? `  HELD (${w.hold.reason}) until ${w.hold.until} UTC` : ''}`,
      )
    }
    if (total > list.length) io.out(`… ${total - list.length} older not shown`)
  },
}

const chainsList: AdminCommand = {
  name: 'chains list',
  usage: '  chains list                 currency/chain pairs: deposit address, withdrawal minimum and fee',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('chains list')
    for (const c of (await listChains(db)).map(chainSettings)) {
      io.out(
        `${c.currency.padEnd(5)} ${c.chain.padEnd(6)} deposit ${c.deposit_enabled ? 'open  ' : 'paused'} ${c.deposit_address ?? '(no address)'}  withdraw ${c.withdraw_enabled ? 'open  ' : 'paused'} min ${c.min_withdraw} fee ${c.withdraw_fee}  min deposit ${c.min_deposit ?? '0'}`,
      )
    }
  },
}

const CHAINS_SET_USAGE =
  'chains set <currency> <chain> [--address A] [--min N] [--fee N] [--min-deposit N] [--deposit open|paused] [--withdraw open|paused]'

const chainsSet: AdminCommand = {
  name: 'chains set',
  usage: `  ${CHAINS_SET_USAGE}\n                              create or change a pair; --address "" clears the deposit address`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        address: { type: 'string' },
        min: { type: 'string' },
        fee: { type: 'string' },
        'min-deposit': { type: 'string' },
        deposit: { type: 'string' },
        withdraw: { type: 'string' },
      },
    })
    const [currencyArg, chainArg] = positionals
    if (positionals.length !== 2 || !currencyArg || !chainArg) throw new UsageError(CHAINS_SET_USAGE)
    const currency = currencyArg.toUpperCase()
    const chain = chainArg.toUpperCase() as Chain
    if (!CHAINS.includes(chain)) throw new UsageError(`chain must be one of ${CHAINS.join(', ')}`)
    const onOff = (v: string | undefined, name: string, was: boolean) => {
      if (v === undefined) return was
      if (v !== 'open' && v !== 'paused') throw new UsageError(`--${name} must be open or paused`)
      return v === 'open'
    }
    const was = (await listChains(db)).map(chainSettings).find((c) => c.currency === currency && c.chain === chain)
    const saved = await withDomainErrors(`${currency} ${chain}`, () =>
      saveChain(db, {
        currency,
        chain,
        deposit_address: values.address ?? was?.deposit_address ?? null,
        ...(values['min-deposit'] === undefined
          ? {}
          : { min_deposit: amountArg(values['min-deposit'], CHAINS_SET_USAGE) }),
        min_withdraw:
          values.min === undefined ? parseDecimal(was?.min_withdraw ?? '0') : amountArg(values.min, CHAINS_SET_USAGE),
        withdraw_fee:
          values.fee === undefined ? parseDecimal(was?.withdraw_fee ?? '0') : amountArg(values.fee, CHAINS_SET_USAGE),
        deposit_enabled: onOff(values.deposit, 'deposit', was?.deposit_enabled ?? true),
        withdraw_enabled: onOff(values.withdraw, 'withdraw', was?.withdraw_enabled ?? true),
      }),
    )
    io.out(
      `${saved.currency} ${saved.chain}: deposit address ${saved.deposit_address ?? '(none)'}, min ${saved.min_withdraw}, fee ${saved.withdraw_fee}, deposit ${saved.deposit_enabled ? 'open' : 'paused'}, withdraw ${saved.withdraw_enabled ? 'open' : 'paused'}`,
    )
  },
}

const AUTO_LIMIT_USAGE = 'withdrawals auto-limit <user id> <currency> <amount|off>'

const withdrawalsAutoLimit: AdminCommand = {
  name: 'withdrawals auto-limit',
  usage: `  ${AUTO_LIMIT_USAGE}\n                              on-chain withdrawals within this much a UTC day go to the signer without review`,
  async run(db, args, io) {
    if (args.length !== 3) throw new UsageError(AUTO_LIMIT_USAGE)
    const userId = positiveId(args[0], AUTO_LIMIT_USAGE)
    const currency = args[1]!.toUpperCase()
    const limit = args[2] === 'off' ? null : amountArg(args[2], AUTO_LIMIT_USAGE)
    const set = await withDomainErrors(`user ${userId}`, () => setAutoLimit(db, userId, currency, limit))
    io.out(
      set === null
        ? `user ${userId}: every ${currency} withdrawal waits for review`
        : `user ${userId}: ${currency} withdrawals on chain within ${set} a UTC day go to the signer without review`,
    )
  },
}

const DEMO_USAGE = 'demo set-funds <USDT amount> [--user <id>]'

const demoSetFunds: AdminCommand = {
  name: 'demo set-funds',
  usage: `  ${DEMO_USAGE}\n                              opening funds of new demo books, or set one user's demo USDT`,
  async run(db, args, io) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { user: { type: 'string' } },
    })
    if (positionals.length !== 1) throw new UsageError(DEMO_USAGE)
    const amount = amountArg(positionals[0], DEMO_USAGE)
    if (values.user === undefined) {
      const set = await withDomainErrors('demo funds', () => setDemoFunds(db, amount))
      io.out(`new demo books open with ${set} USDT`)
      return
    }
    const userId = positiveId(values.user, DEMO_USAGE)
    const set = await withDomainErrors(`user ${userId}`, () => setUserDemoFunds(db, userId, amount))
    io.out(`user ${userId}: demo spot wallet now holds ${set} USDT available`)
  },
}

const ledgerCheck: AdminCommand = {
  name: 'ledger check',
  usage:
    '  ledger check                check the ledger: Σ entries 0 per book and currency, balances = entries, frozen = holds (exit 0 if so)',
  async run(db, args, io) {
    if (args.length > 0) throw new UsageError('ledger check')
    const r = await checkLedger(db)
    for (const c of r.currencies) io.out(`${c.book.padEnd(4)} ${c.currency.padEnd(5)} Σ entries ${c.sum}`)
    for (const m of r.mismatches) {
      io.err(
        `account ${m.account_id} (${m.owner} ${m.book} ${m.wallet} ${m.currency}): available ${m.available} vs entries ${m.entries_available}, frozen ${m.frozen} vs entries ${m.entries_frozen}`,
      )
    }
    for (const m of r.frozen_mismatches) {
      io.err(
        `account ${m.account_id ?? '(none)'} (${m.owner} ${m.book} ${m.wallet} ${m.currency}): frozen ${m.frozen} vs holds ${m.holds} of ${m.holders.join(' ') || 'nothing'}`,
      )
    }
    // The frozen reconciliation stated on its own line, pass or fail (issue 21 part 9).
    io.out(`frozen: ${r.frozen_buckets} buckets reconciled, ${r.frozen_mismatches.length} mismatches`)
    if (!r.ok)
      throw new Error(
        `ledger check FAILED: ${r.mismatches.length} account(s) off their entries, ${r.frozen_mismatches.length} frozen bucket(s) off their holds, or a currency not summing to 0`,
      )
    io.out(
      `ledger balanced: ${r.currencies.length} book/currency pair(s), every account equal to its entries, every frozen bucket equal to its holds`,
    )
  },
}

export const MONEY_COMMANDS: readonly AdminCommand[] = [
  depositsList,
  ...reviewCommands('deposits', (db, d) => reviewDeposit({ db }, d)),
  withdrawalsList,
  ...reviewCommands('withdrawals', (db, d) => reviewWithdrawal({ db }, d)),
  withdrawalsAutoLimit,
  chainsList,
  chainsSet,
  demoSetFunds,
  ledgerCheck,
]
