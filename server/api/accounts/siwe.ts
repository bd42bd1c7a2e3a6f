/**
 * Wallet sign-in (EIP-4361): user/siwe_nonce writes the message for this site and address, user/siwe_login checks
 * the signed message and signs in, creating the account on first use (the invitation rule of register applies).
 * The nonce is consumed in the transaction that signs in, so a refused first sign-in (invitation code missing) can
 * be sent again with the code without signing again.
 */
import { eq } from 'drizzle-orm'
import { sessionAnswer, siweLoginInput, siweNonceAnswer, siweNonceInput } from '../../../common/api/account'
import { audit } from '../../auth/audit'
import { insertUser } from '../../auth/create-user'
import { uniqueViolation } from '../../auth/db-errors'
import { resolveInviter } from '../../auth/invite-codes'
import { rejected } from '../../auth/messages'
import { RATE_RULES, rateLimitError, reserve } from '../../auth/rate-limit'
import { requestOrigin } from '../../auth/request-origin'
import { createSession } from '../../auth/sessions'
import { consumeSiweNonce, createSiweMessage, verifySiwe } from '../../auth/siwe'
import { buildUserInfo } from '../../auth/user-info'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { readSettings } from '../../db/settings'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const siweNonceRoute = defineRoute({
  method: 'POST',
  path: 'user/siwe_nonce',
  summary:
    'The EIP-4361 message for the wallet to sign: domain = this host, a single-use nonce valid 10 minutes ' +
    '(answer: message and nonce). 30 per 15 minutes per client address.',
  input: siweNonceInput,
  data: siweNonceAnswer,
  async handler({ body, deps, request, ip, locale }) {
    const { host, origin } = requestOrigin(request)
    const slot = await reserve(deps.db, [{ rule: RATE_RULES.siweNonceIp, subject: ip }])
    if (!slot.granted) throw rateLimitError(locale, 'tooManyAttempts', slot.retryAfterS)
    const { site_name } = await readSettings(deps.db)
    return createSiweMessage(deps.db, { address: body.address, chainId: body.chain_id, host, origin, siteName: site_name })
  },
})

export const siweLoginRoute = defineRoute({
  method: 'POST',
  path: 'user/siwe_login',
  summary:
    'Signs in with a message from user/siwe_nonce and its personal_sign signature (EOA wallets); the first sign-in ' +
    'creates the account (invite_code as in register). Answers a new session token and the user info.',
  input: siweLoginInput,
  data: sessionAnswer,
  async handler({ body, deps, request, ip, userAgent }) {
    const { host, origin } = requestOrigin(request)
    const checked = await verifySiwe({ message: body.message, signature: body.signature, host, origin })
    if (!checked.ok) {
      await audit(deps.db, { userId: null, action: 'siwe_login', result: 'fail', detail: checked.problem, ip })
      throw rejected(checked.problem)
    }
    const { address, nonce } = checked
    let userId: number
    try {
      userId = await signInWallet(deps.db, address, nonce, body.invite_code).catch((err: unknown) => {
        // Two first sign-ins of one wallet at once (each with its own nonce): the loser finds the winner's account.
        if (uniqueViolation(err) !== 'users_wallet') throw err
        return signInWallet(deps.db, address, nonce, body.invite_code)
      })
    } catch (err) {
      if (err instanceof ApiError) {
        const detail = `wallet=${address} reason=${err.messageKey}`
        await audit(deps.db, { userId: null, action: 'siwe_login', result: 'fail', detail, ip })
      }
      throw err
    }
    await audit(deps.db, { userId, action: 'siwe_login', result: 'ok', detail: `wallet=${address}`, ip })
    const token = await createSession(deps.db, userId, { ip, userAgent })
    return { token, user: (await buildUserInfo(deps.db, userId))! }
  },
})

/**
 * The user of `address` (made now if new), after using up `nonce` in the same transaction.
 * @throws ApiError for a new account without a required or with an unknown invitation code (nonce kept), a used
 *   nonce, or a disabled account
 */
async function signInWallet(db: Db, address: string, nonce: string, inviteCode: string): Promise<number> {
  const [existing] = await db.select().from(users).where(eq(users.walletAddress, address))
  if (existing && existing.status !== 'active') throw rejected('accountDisabled')
  const invite = existing ? { inviterId: null } : await resolveInviter(db, inviteCode)
  if ('problem' in invite) throw rejected(invite.problem, 'invite_code')
  return db.transaction(async (tx) => {
    if (!(await consumeSiweNonce(tx, nonce))) throw rejected('siweNonceUsed')
    return existing ? existing.id : insertUser(tx, { walletAddress: address, inviterId: invite.inviterId })
  })
}
