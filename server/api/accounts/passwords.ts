/**
 * Changing secrets of the signed-in user: the login password (user/change_password, which then ends every session
 * of the user, ASVS 7.4.3) and the trading password (user/set_pay_password). Each change asks for a secret the user
 * already has, checked under the per-user attempt window.
 */
import * as z from 'zod/mini'
import { changePasswordInput, setPayPasswordInput } from '../../../common/api/account'
import { changePassword, setPayPassword } from '../../accounts/passwords'
import { defineRoute } from '../route'

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/change_password',
  summary:
    'Changes the login password (old one required; 5 wrong tries per 15 min) and ends every session of the user, ' +
    'this one included: sign in again.',
  auth: 'user',
  input: changePasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await changePassword(deps, session.userId, body, { ip, locale })
    return null
  },
})

export const setPayPasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/set_pay_password',
  summary:
    'Sets the trading (withdrawal) password, confirmed by the login password, or changes it, confirmed by the ' +
    'current one (5 wrong tries per 15 min). It must differ from the login password.',
  auth: 'user',
  input: setPayPasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await setPayPassword(deps, session.userId, body, { ip, locale })
    return null
  },
})
