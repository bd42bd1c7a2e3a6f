/** The signed-in user's favourite markets (issue 24 part 1): read and replace, kept per account. */
import { favouritesInput, favouritesSchema } from '../../../common/api/favourites'
import { favouritesOf, saveFavourites } from '../../accounts/favourites'
import { defineRoute } from '../route'

export const favouritesRoute = defineRoute({
  path: 'user/favourites',
  summary: "The caller's favourite markets (feed symbols, newest first); empty when none were saved",
  auth: 'user',
  data: favouritesSchema,
  handler: ({ deps, session }) => favouritesOf(deps.db, session.userId),
})

export const saveFavouritesRoute = defineRoute({
  method: 'POST',
  path: 'user/favourites',
  summary:
    "Replaces the caller's favourite markets with `symbols` (feed symbols, newest first, at most 200; a repeated one is kept once)",
  auth: 'user',
  input: favouritesInput,
  data: favouritesSchema,
  handler: ({ deps, session, body }) => saveFavourites(deps.db, session.userId, body.symbols),
})
