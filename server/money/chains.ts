/**
 * Currencies on chains, as the operator configures them (`admin/chain_save`, `npm run admin -- chains set`): the
 * platform's deposit address, the withdrawal minimum and fee, and whether deposits and withdrawals are open.
 * First start seeds USDT-TRC20, USDT-ERC20, BTC and ETH without addresses: until an operator sets one, the deposit
 * screen says the chain has no address.
 */
import { asc, and, eq, sql } from 'drizzle-orm'
import type { Chain, ChainSaveInput, ChainSettings } from '../../common/api/assets'
import { currencyScale, parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { chains } from '../db/schema'
import { canonicalAddress } from './address'
import { fieldError, knownCurrency, userAmount } from './amounts'

/**
 * The pairs a new database starts with. Minimums and fees are our defaults, in the range large exchanges charged in
 * 2025 (e.g. USDT-TRC20 1 USDT, USDT-ERC20 a few USDT, BTC 0.0002, ETH 0.002); an operator changes them. Migration
 * 0017 gave the seeded pairs of older databases these deposit minimums.
 */
export const CHAIN_DEFAULTS: readonly {
  currency: string
  chain: Chain
  minDeposit: string
  minWithdraw: string
  withdrawFee: string
}[] = [
  { currency: 'USDT', chain: 'TRC20', minDeposit: '1', minWithdraw: '10', withdrawFee: '1' },
  { currency: 'USDT', chain: 'ERC20', minDeposit: '1', minWithdraw: '20', withdrawFee: '5' },
  { currency: 'BTC', chain: 'BTC', minDeposit: '0.0001', minWithdraw: '0.001', withdrawFee: '0.0002' },
  { currency: 'ETH', chain: 'ETH', minDeposit: '0.001', minWithdraw: '0.01', withdrawFee: '0.002' },
]

/** Adds the default pairs that are missing (an operator's later edits stay). */
export async function seedChains(db: Db): Promise<void> {
  await db
    .insert(chains)
    .values(CHAIN_DEFAULTS.map((c, i) => ({ ...c, sort: (i + 1) * 10 })))
    .onConflictDoNothing()
}

type ChainRow = typeof chains.$inferSelect

/** A row as the wire shows it. */
export function chainSettings(r: ChainRow): ChainSettings {
  return {
    currency: r.currency,
    chain: r.chain,
    deposit_address: r.depositAddress,
    min_deposit: parseDecimal(r.minDeposit),
    min_withdraw: parseDecimal(r.minWithdraw),
    withdraw_fee: parseDecimal(r.withdrawFee),
    deposit_enabled: r.depositEnabled,
    withdraw_enabled: r.withdrawEnabled,
  }
}

/** Every configured pair, in display order. */
export async function listChains(db: Db): Promise<ChainRow[]> {
  return db.select().from(chains).orderBy(asc(chains.sort), asc(chains.currency), asc(chains.chain))
}

/**
 * The configured pair `currency` on `chain`.
 * @throws DomainError bad_input `chainUnknown` naming `chain` when the operator has not set it up.
 */
export async function chainFor(db: Db, currency: string, chain: Chain): Promise<ChainRow> {
  const [row] = await db
    .select()
    .from(chains)
    .where(and(eq(chains.currency, currency), eq(chains.chain, chain)))
  if (!row) throw fieldError('chain', 'chainUnknown', { currency, chain })
  return row
}

/** The minimum and fee as exact amounts. */
export function withdrawTerms(r: ChainRow): { min: DecimalString; fee: DecimalString; scale: number } {
  return { min: parseDecimal(r.minWithdraw), fee: parseDecimal(r.withdrawFee), scale: currencyScale(r.currency) }
}

/**
 * Creates or replaces a pair. The deposit address must be valid on the chain ("" or null clears it); minimum and fee
 * are amounts of the currency (zero allowed).
 * @throws DomainError naming the field (currency, deposit_address, min_withdraw, withdraw_fee).
 */
export async function saveChain(
  db: Db,
  input: ChainSaveInput & {
    min_deposit?: DecimalString | undefined
    min_withdraw: DecimalString
    withdraw_fee: DecimalString
  },
): Promise<ChainSettings> {
  const currency = knownCurrency(input.currency)
  const text = input.deposit_address?.trim() ?? ''
  const address = text === '' ? null : await canonicalAddress(input.chain, text)
  if (text !== '' && address === null) throw fieldError('deposit_address', 'addressInvalid', { chain: input.chain })
  const minWithdraw = userAmount(input.min_withdraw, currency, 'min_withdraw', { allowZero: true })
  const withdrawFee = userAmount(input.withdraw_fee, currency, 'withdraw_fee', { allowZero: true })
  const minDeposit =
    input.min_deposit === undefined
      ? undefined
      : userAmount(input.min_deposit, currency, 'min_deposit', { allowZero: true })
  const values = {
    depositAddress: address,
    ...(minDeposit === undefined ? {} : { minDeposit }),
    minWithdraw,
    withdrawFee,
    depositEnabled: input.deposit_enabled,
    withdrawEnabled: input.withdraw_enabled,
    updatedAt: sql`now()`,
  }
  const [row] = await db
    .insert(chains)
    .values({ currency, chain: input.chain, ...values, sort: 1000 })
    .onConflictDoUpdate({ target: [chains.currency, chains.chain], set: values })
    .returning()
  return chainSettings(row!)
}
