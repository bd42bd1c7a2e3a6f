/**
 * Whether a user-stream event belongs to the account the session shows (live or demo): every order, position and
 * balance event names its `book` (common/api/stream.ts), and a screen of the demo account has nothing to read again
 * when a live order fills.
 */
import type { UserEvent } from '../../../common/engine-api'
import { currentBook } from '../../state/user'

/** True when `ev` names the session's current book, or names none (notices). */
export function ofCurrentBook(ev: UserEvent): boolean {
  const book = (ev.data as { book?: string }).book
  return book === undefined || book === currentBook()
}
