/**
 * Entries that need a session, opened while logged out: the same question the request layer asks (spec §5 "a dialog
 * telling the user to log in"), then login, which returns to the entry afterwards (back-url).
 */
import { GO_LOGIN, LOGIN_NEEDED } from '../../api/login-messages'
import { setBackUrl } from '../../state/back-url'
import { confirmDialog } from '../../ui/dialog'

export { LOGIN_NEEDED }

/**
 * Asks the user to log in to open `path`; on yes remembers `path` as the back-url and calls `goLogin`.
 * @returns whether the user chose to log in
 */
export async function askToLogin(path: string, goLogin: () => void): Promise<boolean> {
  const ok = await confirmDialog({ message: LOGIN_NEEDED, confirmText: GO_LOGIN })
  if (ok) {
    setBackUrl(path)
    goLogin()
  }
  return ok
}
