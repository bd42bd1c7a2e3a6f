/**
 * The user's coin-address book (spec §5: "The user must first set a withdrawal (coin) address"): where withdrawals
 * may go, per currency and chain, with a label. Addresses are checked and stored in their canonical form for the
 * chain (server/money/address.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm'
import type { Chain, SavedAddress } from '../../common/api/assets'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { coinAddresses } from '../db/schema'
import { uniqueViolation } from '../auth/db-errors'
import { parseAddress } from './address'
import { fieldError } from './amounts'
import { chainFor } from './chains'

/** Most saved addresses per user. */
export const ADDRESS_BOOK_MAX = 50

type AddressRow = typeof coinAddresses.$inferSelect

function view(r: AddressRow): SavedAddress {
  return {
    id: r.id,
    currency: r.currency,
    chain: r.chain,
    address: r.address,
    label: r.label,
    created_at: formatUtc(r.createdAt),
  }
}

/** The caller's addresses, oldest first. */
export async function listAddresses(db: Db, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(coinAddresses)
    .where(eq(coinAddresses.userId, userId))
    .orderBy(asc(coinAddresses.id))
  return rows.map(view)
}

/**
 * Saves an address for `currency` on `chain`.
 * @throws DomainError naming the field: `chainUnknown`, `addressRequired`, `addressInvalid` ({chain}),
 *   `addressDuplicate`, `addressBookFull` ({max}).
 */
export async function saveAddress(
  db: Db,
  userId: number,
  input: { currency: string; chain: Chain; address: string; label?: string | undefined },
): Promise<{ id: number }> {
  await chainFor(db, input.currency, input.chain)
  if (!input.address) throw fieldError('address', 'addressRequired')
  const parsed = await parseAddress(input.chain, input.address)
  // A segwit version no wallet spends with yet can be taken by anyone: valid by the BIPs, never a payout address.
  if (!parsed || parsed.type === 'witness_unknown')
    throw fieldError('address', 'addressInvalid', { chain: input.chain })
  const address = parsed.address
  const [n] = await db.select({ n: count() }).from(coinAddresses).where(eq(coinAddresses.userId, userId))
  if ((n?.n ?? 0) >= ADDRESS_BOOK_MAX)
    throw fieldError('address', 'addressBookFull', { max: ADDRESS_BOOK_MAX }, 'rejected')
  try {
    const [row] = await db
      .insert(coinAddresses)
      .values({ userId, currency: input.currency, chain: input.chain, address, label: input.label ?? '' })
      .returning({ id: coinAddresses.id })
    return { id: row!.id }
  } catch (err) {
    if (uniqueViolation(err) !== null) throw fieldError('address', 'addressDuplicate', {}, 'rejected')
    throw err
  }
}

/**
 * Deletes one of the caller's addresses (past withdrawals keep the address text they were sent to).
 * @throws DomainError not_found `addressNotFound` (also for another user's id).
 */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<{ id: number }> {
  const rows = await db
    .delete(coinAddresses)
    .where(and(eq(coinAddresses.id, id), eq(coinAddresses.userId, userId)))
    .returning({ id: coinAddresses.id })
  if (rows.length === 0) throw fieldError('id', 'addressNotFound', {}, 'rejected')
  return { id }
}

/** One of the caller's addresses, or undefined. */
export async function addressById(db: Db, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(coinAddresses)
    .where(and(eq(coinAddresses.id, id), eq(coinAddresses.userId, userId)))
  return row
}

/** True when the caller has at least one address for `currency` on `chain`. */
export async function hasAddressFor(db: Db, userId: number, currency: string, chain: Chain): Promise<boolean> {
  const [n] = await db
    .select({ n: count() })
    .from(coinAddresses)
    .where(and(eq(coinAddresses.userId, userId), eq(coinAddresses.currency, currency), eq(coinAddresses.chain, chain)))
  return (n?.n ?? 0) > 0
}
