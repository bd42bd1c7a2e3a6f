/** A user's favourite markets, kept per account (issue 24 part 1; common/api/favourites.ts). */
import { eq, sql } from 'drizzle-orm'
import type { Favourites } from '../../common/api/favourites'
import type { Db } from '../db/client'
import { favourites } from '../db/schema'

/** The favourites of `userId`, newest first; empty when none were saved. */
export async function favouritesOf(db: Db, userId: number): Promise<Favourites> {
  const [row] = await db.select({ symbols: favourites.symbols }).from(favourites).where(eq(favourites.userId, userId))
  return { symbols: row?.symbols ?? [] }
}

/** Replaces the favourites of `userId` with `symbols` (a repeated one kept at its first place); answers them saved. */
export async function saveFavourites(db: Db, userId: number, symbols: readonly string[]): Promise<Favourites> {
  const unique = [...new Set(symbols)]
  await db
    .insert(favourites)
    .values({ userId, symbols: unique })
    .onConflictDoUpdate({ target: favourites.userId, set: { symbols: unique, updatedAt: sql`now()` } })
  return { symbols: unique }
}
