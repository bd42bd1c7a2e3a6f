/**
 * Entering and leaving the demo (simulation) account (spec §2, §4, §8): the server switches the session's book, the
 * stored user info follows at once (so the demo badge and the money screens switch with it) and is then read again.
 * Leaving asks first ("Confirm to exit the simulation account?").
 */
import { msg } from '@lingui/core/macro'
import type { Api } from '../../api'
import { setBook } from '../../state/user'
import { confirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import { reloadUserInfo } from './user-info'

/** Spec §8: entering demo. */
export const DEMO_ENTERED = msg({ id: 'demo.entered', message: 'You have entered the simulation account' })
/** Spec §8: the exit question. */
export const DEMO_EXIT_CONFIRM = msg({ id: 'demo.exitConfirm', message: 'Confirm to exit the simulation account?' })
/** After leaving: back on real funds. */
export const DEMO_EXITED = msg({ id: 'demo.exited', message: 'You are back in your real account' })

type DemoApi = Pick<Api, 'demoEnter' | 'demoExit' | 'userInfo'>

/** Enters the demo book; resolves true once in it (a failure has been shown by the request layer). */
export async function enterDemo(api: DemoApi): Promise<boolean> {
  try {
    setBook((await api.demoEnter()).book)
  } catch {
    return false
  }
  showToast(DEMO_ENTERED, 'success')
  void reloadUserInfo(api)
  return true
}

/** Asks, then leaves the demo book; resolves true once back in the live book. */
export async function exitDemo(api: DemoApi): Promise<boolean> {
  const ok = await confirmDialog({
    message: DEMO_EXIT_CONFIRM,
    confirmText: msg({ id: 'demo.exit', message: 'Exit' }),
  })
  if (!ok) return false
  try {
    setBook((await api.demoExit()).book)
  } catch {
    return false
  }
  showToast(DEMO_EXITED, 'success')
  void reloadUserInfo(api)
  return true
}
