/**
 * The fields the futures API's schemas share (common/api/contract.ts and contract-funding.ts): sides, symbols, money
 * as decimal strings, and list paging.
 */
import * as z from 'zod/mini'

export const CONTRACT_SIDES = ['long', 'short'] as const
export type ContractSide = (typeof CONTRACT_SIDES)[number]

/** Money and prices: decimal strings (quote currency unless said otherwise). */
export const money = z.string()
/** A market symbol as the feed spells it (`btcusdt`). */
export const symbolField = z.string().check(z.regex(/^[a-z0-9]{2,20}$/))
/** Page of a list, from 1. */
export const pageField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1)
/** Rows per page, 1–50 (default 20). */
export const limitField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20)
