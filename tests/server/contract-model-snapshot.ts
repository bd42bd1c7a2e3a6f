/**
 * One read of what the futures model checks after a step (contract-model-checks.ts), in ONE query (a PGlite round
 * trip costs more than the indexed reads it holds): the sequence's traders' positions, orders, funding payments,
 * transfers and wallets (each wallet with the sums of its ledger entries), the platform's side of their futures
 * postings, and the ledger entries written since the sequence began. Amounts come as canonical decimal strings.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { add, parseDecimal, subtract, type DecimalString } from '../../common/amount'
import { tradeFee } from '../../common/trading/contract-math'
import { contractFundingPayments, contractPositions } from '../../server/db/schema'
import { rowsOf } from '../helpers/ledger-ops'
import type { Trader, World } from './contract-model-world'

const d = parseDecimal
const ZERO = d('0')

/** A wallet's buckets and the sums of its ledger entries per bucket. */
export interface WalletRow {
  wallet: string
  available: DecimalString
  frozen: DecimalString
  av: DecimalString
  fr: DecimalString
}

/** An open position as the liquidation check values it (views.ts figuresOf reads these columns). */
export interface OpenRow {
  id: number
  symbol: string
  side: 'long' | 'short'
  amount: string
  openPrice: string
  margin: string
  maintenanceMarginRate: string
  maintenanceAmount: string
}

/** One trader's rows and the figures the invariants compare. */
export interface TraderRows {
  contract: WalletRow
  spot: WalletRow
  open: OpenRow[]
  pending: { id: number; symbol: string }[]
  /** Positions with insurance paid. */
  insured: { id: number; status: string }[]
  figures: {
    pnl: DecimalString
    funding: DecimalString
    openFees: DecimalString
    /** Closing trading fees (a liquidation's taker fee too: it closes at the book, issue 21 part 5). */
    closeFees: DecimalString
    /** Liquidations' clearance fees (their close_fee less the taker fee, paid to insurance). */
    clearance: DecimalString
    insured: DecimalString
    openMargin: DecimalString
    /** Pending orders' margin and fee. */
    held: DecimalString
    into: DecimalString
    outOf: DecimalString
  }
  /** Orders whose status and position disagree (filled without a position of the same user, or the reverse). */
  badOrders: number[]
  /** Positions booked other than once when closed, or at all when open (`position:<id>` close postings). */
  badBookings: number[]
}

export interface Snapshot {
  traders: Map<number, TraderRows>
  /** The platform's side of the traders' futures postings, by owner. */
  platform: { owner: string; total: string }[]
  /** Platform accounts now, with their entries since the sequence began. */
  platformAccounts: { id: number; available: string; frozen: string; av: DecimalString; fr: DecimalString }[]
  /** Book and currency whose entries since the sequence began do not sum to zero. */
  unbalanced: { book: string; currency: string; total: string }[]
  lastEntry: number
}

type PositionJson = OpenRow & {
  user: number
  status: string
  openFee: string
  closeFee: string | null
  closePrice: string | null
  closeFeeRate: string
  pnl: string | null
  insured: string | null
  booked: number
}
type OrderJson = {
  id: number
  user: number
  symbol: string
  status: string
  held: string
  position: number | null
  owned: boolean
}
type AccountJson = {
  user: number
  wallet: string
  currency: string
  available: string
  frozen: string
  av: string
  fr: string
}
type Raw = {
  positions: PositionJson[]
  orders: OrderJson[]
  funding: { user: number; total: string }[]
  transfers: { user: number; from: string; to: string; total: string }[]
  accounts: AccountJson[]
  platform: { owner: string; total: string }[]
  platformAccounts: { id: number; available: string; frozen: string; av: string; fr: string }[]
  unbalanced: { book: string; currency: string; total: string }[]
  lastEntry: number
}

/** The taker fee a liquidation paid (the rest of its close_fee is the clearance fee): netting.ts charges both. */
const liquidationTakerFee = (p: PositionJson): DecimalString =>
  tradeFee(d(p.amount), d(p.closePrice!), d(p.closeFeeRate), 'USDT')
const sum = (xs: readonly (string | null)[]) => xs.reduce<DecimalString>((a, b) => add(a, d(b ?? '0')), ZERO)

/** Reads the snapshot of `q`'s traders; `fromEntry` is the last ledger entry before the sequence. */
export async function readSnapshot(q: { w: World; traders: Trader[]; fromEntry: number }): Promise<Snapshot> {
  const ids = sql.join(
    q.traders.map((t) => sql`${t.user.id}`),
    sql`, `,
  )
  const [row] = await rowsOf<{ s: Raw | string }>(
    q.w.s.database.db,
    sql`select json_build_object(
      'positions', (select coalesce(json_agg(json_build_object('id', p.id, 'user', p.user_id, 'symbol', p.symbol,
          'side', p.side, 'status', p.status, 'amount', p.amount::text, 'openPrice', p.open_price::text,
          'margin', p.margin::text, 'maintenanceMarginRate', p.maintenance_margin_rate::text,
          'maintenanceAmount', p.maintenance_amount::text, 'openFee', p.open_fee::text, 'closeFee', p.close_fee::text,
          'closePrice', p.close_price::text, 'closeFeeRate', p.close_fee_rate::text,
          'pnl', p.realized_pnl::text, 'insured', p.insurance_paid::text,
          'booked', (select count(*) from ledger_transactions t
            where t.kind in ('contract_close', 'contract_liquidation') and t.reference = 'position:' || p.id))
          order by p.id), '[]')
        from contract_positions p where p.user_id in (${ids})),
      'orders', (select coalesce(json_agg(json_build_object('id', o.id, 'user', o.user_id, 'symbol', o.symbol,
          'status', o.status, 'held', (o.margin + o.fee)::text, 'position', o.position_id,
          'owned', exists (select 1 from contract_positions p where p.id = o.position_id and p.user_id = o.user_id))
          order by o.id), '[]')
        from contract_orders o where o.user_id in (${ids})),
      'funding', (select coalesce(json_agg(f), '[]') from (select user_id as "user", sum(payment)::text as total
        from contract_funding_payments where user_id in (${ids}) group by user_id) f),
      'transfers', (select coalesce(json_agg(x), '[]') from (select user_id as "user", from_wallet as "from",
        to_wallet as "to", sum(amount)::text as total from transfers where user_id in (${ids})
        group by user_id, from_wallet, to_wallet) x),
      'accounts', (select coalesce(json_agg(json_build_object('user', a.user_id, 'wallet', a.wallet,
          'currency', a.currency, 'available', a.available::text, 'frozen', a.frozen::text,
          'av', (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id and e.bucket = 'available')::text,
          'fr', (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id and e.bucket = 'frozen')::text)), '[]')
        from ledger_accounts a where a.user_id in (${ids})),
      'platform', (select coalesce(json_agg(x), '[]') from (select a.owner, sum(e.amount)::text as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.user_id in (${ids}) and t.kind like 'contract%' and a.user_id is null group by a.owner) x),
      'platformAccounts', (select coalesce(json_agg(json_build_object('id', a.id, 'available', a.available::text,
          'frozen', a.frozen::text,
          'av', (select coalesce(sum(e.amount), 0) from ledger_entries e
            where e.account_id = a.id and e.id > ${q.fromEntry} and e.bucket = 'available')::text,
          'fr', (select coalesce(sum(e.amount), 0) from ledger_entries e
            where e.account_id = a.id and e.id > ${q.fromEntry} and e.bucket = 'frozen')::text)), '[]')
        from ledger_accounts a where a.user_id is null),
      'unbalanced', (select coalesce(json_agg(x), '[]') from (select a.book, a.currency, sum(e.amount)::text as total
        from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.id > ${q.fromEntry}
        group by a.book, a.currency having sum(e.amount) <> 0) x),
      'lastEntry', (select coalesce(max(id), 0) from ledger_entries)
    ) as s`,
  )
  const raw: Raw = typeof row!.s === 'string' ? (JSON.parse(row!.s) as Raw) : row!.s
  const traders = new Map<number, TraderRows>()
  for (const t of q.traders) {
    const id = t.user.id
    const mine = raw.positions.filter((p) => p.user === id)
    const open = mine.filter((p) => p.status === 'open')
    const closed = mine.filter((p) => p.status !== 'open')
    const orders = raw.orders.filter((o) => o.user === id)
    const pending = orders.filter((o) => o.status === 'pending')
    const moved = (from: string, to: string) =>
      d(raw.transfers.find((m) => m.user === id && m.from === from && m.to === to)?.total ?? '0')
    const wallet = (name: string): WalletRow => {
      const a = raw.accounts.find((x) => x.user === id && x.wallet === name && x.currency === 'USDT')
      const z = { available: ZERO, frozen: ZERO, av: ZERO, fr: ZERO }
      return a
        ? { wallet: name, available: d(a.available), frozen: d(a.frozen), av: d(a.av), fr: d(a.fr) }
        : { wallet: name, ...z }
    }
    traders.set(id, {
      contract: wallet('contract'),
      spot: wallet('spot'),
      open,
      pending: pending.map((o) => ({ id: o.id, symbol: o.symbol })),
      insured: closed.filter((p) => d(p.insured ?? '0') !== '0').map((p) => ({ id: p.id, status: p.status })),
      figures: {
        pnl: sum(closed.map((p) => p.pnl)),
        funding: d(raw.funding.find((f) => f.user === id)?.total ?? '0'),
        openFees: sum(mine.map((p) => p.openFee)),
        closeFees: sum(closed.map((p) => (p.status === 'liquidated' ? liquidationTakerFee(p) : p.closeFee))),
        clearance: sum(
          closed
            .filter((p) => p.status === 'liquidated')
            .map((p) => subtract(d(p.closeFee!), d(liquidationTakerFee(p)))),
        ),
        insured: sum(closed.map((p) => p.insured)),
        openMargin: sum(open.map((p) => p.margin)),
        held: sum(pending.map((o) => o.held)),
        into: moved('spot', 'contract'),
        outOf: moved('contract', 'spot'),
      },
      badOrders: orders.filter((o) => (o.status === 'filled' ? !o.owned : o.position !== null)).map((o) => o.id),
      badBookings: mine.filter((p) => p.booked !== (p.status === 'open' ? 0 : 1)).map((p) => p.id),
    })
  }
  return {
    traders,
    platform: raw.platform,
    platformAccounts: raw.platformAccounts.map((a) => ({ ...a, av: d(a.av), fr: d(a.fr) })),
    unbalanced: raw.unbalanced,
    lastEntry: Number(raw.lastEntry),
  }
}

/** The traders' positions open now (ids). */
export async function openPositionIds(q: { w: World; traders: Trader[] }): Promise<number[]> {
  const rows = await q.w.s.database.db
    .select({ id: contractPositions.id })
    .from(contractPositions)
    .where(
      and(
        inArray(
          contractPositions.userId,
          q.traders.map((t) => t.user.id),
        ),
        eq(contractPositions.status, 'open'),
      ),
    )
  return rows.map((r) => r.id)
}

/** How many funding payments each of positions `ids` has at `fundingTime` (epoch ms), by position id. */
export async function paymentsAt(w: World, ids: number[], fundingTime: number): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map()
  const rows = await w.s.database.db
    .select({ positionId: contractFundingPayments.positionId, n: count() })
    .from(contractFundingPayments)
    .where(
      and(
        inArray(contractFundingPayments.positionId, ids),
        eq(contractFundingPayments.fundingTime, new Date(fundingTime)),
      ),
    )
    .groupBy(contractFundingPayments.positionId)
  return new Map(rows.map((r) => [r.positionId, r.n]))
}
