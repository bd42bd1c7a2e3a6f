/**
 * The user's favourite markets kept per account (issue 24 part 1): GET user/favourites answers them, POST
 * user/favourites replaces them. Feed symbols (`btcusdt`, `BTC-USDT`), newest first, each once.
 */
import * as z from 'zod/mini'

/** At most this many favourites (the app keeps the same number on the device). */
export const MAX_FAVOURITES = 200

/** A market's feed symbol as a favourite: letters, digits and "-", 1–32 characters. */
export const favouriteSymbol = z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/))

/** POST user/favourites: the whole list, newest first (a repeated symbol is kept once, at its first place). */
export const favouritesInput = z.object({
  symbols: z.array(favouriteSymbol).check(z.maxLength(MAX_FAVOURITES)),
})
export type FavouritesInput = z.infer<typeof favouritesInput>

/** The account's favourites as saved. */
export const favouritesSchema = z.object({ symbols: z.array(z.string()) })
export type Favourites = z.infer<typeof favouritesSchema>
