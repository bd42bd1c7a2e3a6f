/**
 * POST user/send_code: a 6-digit code to an e-mail (or a phone by SMS) for registering or for adding an e-mail to a
 * wallet account. Limited per client address (twenty an hour) and per address (one a minute, five an hour).
 * For register, an address that already has an account gets the same answer, the same limits and the same work (a
 * code is made and stored hashed, so resend timing matches too), but its message says "you already have an
 * account" instead of carrying the code: the answer does not tell a stranger which addresses are registered.
 */
import { sendCodeAnswer, sendCodeInput } from '../../../common/api/account'
import { CODE_UNAUTHORIZED } from '../../../common/constants'
import { sendCode } from '../../accounts/send-code'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const sendCodeRoute = defineRoute({
  method: 'POST',
  path: 'user/send_code',
  summary:
    'Sends a 6-digit verification code (valid 10 min) to an e-mail or phone, for register or bind_email (signed in). ' +
    'One per minute and five per hour per address: HTTP 429 with Retry-After beyond that.',
  input: sendCodeInput,
  data: sendCodeAnswer,
  async handler({ body, deps, locale, ip, session }) {
    // Binding an e-mail is for a signed-in caller: a transport-level refusal, answered here at the edge.
    if (body.purpose === 'bind_email' && !session)
      throw new ApiError(CODE_UNAUTHORIZED, 'unauthorized', undefined, null, 401)
    return sendCode(deps, body, { ip, locale, userId: session?.userId ?? null })
  },
})
