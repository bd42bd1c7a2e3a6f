/**
 * Wallet sign-in (EIP-4361): the nonce call writes the message for this site and address, the login call checks
 * the signed message and signs in, creating the account on first use (the invitation rule of register applies).
 * The nonce is consumed in the transaction that signs in, so a refused first sign-in (invitation code missing) can
 * be sent again with the code without signing again.
 */
import { eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { SessionAnswer, siweLoginInput, siweNonceAnswer, siweNonceInput } from '../../common/api/account'
import { audit } from '../auth/audit'
import { insertUser } from '../auth/create-user'
import { uniqueViolation } from '../auth/db-errors'
import { resolveInviter } from '../auth/invite-codes'
import { RATE_RULES, rateLimitError, reserve } from '../auth/rate-limit'
import { originForRequest, siteOrigins } from '../auth/request-origin'
import { createSession } from '../auth/sessions'
import { consumeSiweNonce, createSiweMessage, verifySiwe } from '../auth/siwe'
import { buildUserInfo } from '../auth/user-info'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { readSettings } from '../db/settings'
import type { ServiceDeps } from '../domain/deps'
import { DomainError, rejected } from '../domain/errors'
import type { Client } from './client'
import { checkSecondFactor, twoFactorSecret } from './two-factor'

/**
 * The EIP-4361 message for `input.address` to sign, on the configured origin whose host is `hostHeader` (else the
 * canonical one), with a single-use nonce valid 10 minutes. 30 per 15 minutes per client address.
 * @throws DomainError rate_limited `tooManyAttempts` (with retryAfterS)
 */
export async function siweNonce(
  deps: Pick<ServiceDeps, 'db' | 'publicOrigins'>,
  input: z.output<typeof siweNonceInput>,
  { ip, locale, hostHeader }: Pick<Client, 'ip' | 'locale'> & { hostHeader: string | undefined },
): Promise<z.output<typeof siweNonceAnswer>> {
  const { db } = deps
  const { host, origin } = originForRequest(deps.publicOrigins, hostHeader)
  const slot = await reserve(db, [{ rule: RATE_RULES.siweNonceIp, subject: ip }])
  if (!slot.granted) throw rateLimitError(locale, 'tooManyAttempts', slot.retryAfterS)
  const { site_name } = await readSettings(db)
  return createSiweMessage(db, { address: input.address, chainId: input.chain_id, host, origin, siteName: site_name })
}

/**
 * Signs in with a signed message from siweNonce (EOA personal_sign), creating the account on first use.
 * @throws DomainError rejected with the SIWE problem (`siweInvalid`, `siweWrongDomain`, `siweExpired`,
 *   `siweBadSignature`, `siweNonceUsed`), `accountDisabled`, or naming `invite_code` or `totp_code` (signInWallet).
 */
export async function siweLogin(
  deps: Pick<ServiceDeps, 'db' | 'publicOrigins'>,
  input: z.output<typeof siweLoginInput>,
  client: Pick<Client, 'ip' | 'userAgent' | 'locale'>,
): Promise<SessionAnswer> {
  const { ip, userAgent } = client
  const { db } = deps
  const origins = siteOrigins(deps.publicOrigins)
  const checked = await verifySiwe({ message: input.message, signature: input.signature, origins })
  if (!checked.ok) {
    await audit(db, { userId: null, action: 'siwe_login', result: 'fail', detail: checked.problem, ip })
    throw rejected(checked.problem)
  }
  const { address, nonce } = checked
  let userId: number
  try {
    userId = await signInWallet(db, address, nonce, input, client).catch((err: unknown) => {
      // Two first sign-ins of one wallet at once (each with its own nonce): the loser finds the winner's account.
      if (uniqueViolation(err) !== 'users_wallet') throw err
      return signInWallet(db, address, nonce, input, client)
    })
  } catch (err) {
    if (err instanceof DomainError) {
      const detail = `wallet=${address} reason=${err.messageKey}`
      await audit(db, { userId: null, action: 'siwe_login', result: 'fail', detail, ip })
    }
    throw err
  }
  await audit(db, { userId, action: 'siwe_login', result: 'ok', detail: `wallet=${address}`, ip })
  const token = await createSession(db, userId, { ip, userAgent })
  return { token, user: (await buildUserInfo(db, userId))! }
}

/**
 * The user of `address` (made now if new), after using up `nonce` in the same transaction.
 * @throws DomainError rejected for a new account without a required or with an unknown invitation code (nonce kept), a used
 *   nonce, or a disabled account; `twoFactorRequired`/`twoFactorWrong`/`twoFactorUsed` naming `totp_code` (nonce kept)
 */
async function signInWallet(
  db: Db,
  address: string,
  nonce: string,
  input: Pick<z.output<typeof siweLoginInput>, 'invite_code' | 'totp_code'>,
  client: Pick<Client, 'ip' | 'locale'>,
): Promise<number> {
  const inviteCode = input.invite_code
  const [existing] = await db.select().from(users).where(eq(users.walletAddress, address))
  if (existing && existing.status !== 'active') throw rejected('accountDisabled')
  // Two-factor authentication before the nonce is used up: the app sends the same signed message again with the code.
  const secret = existing ? await twoFactorSecret(db, existing.id) : null
  if (existing && secret) {
    if (!input.totp_code) throw rejected('twoFactorRequired', 'totp_code')
    const who = { userId: existing.id, ...client }
    await checkSecondFactor(db, who, {
      secret,
      code: input.totp_code,
      field: 'totp_code',
      recovery: true,
      action: 'siwe_login',
    })
  }
  const invite = existing ? { inviterId: null } : await resolveInviter(db, inviteCode)
  if ('problem' in invite) throw rejected(invite.problem, 'invite_code')
  return db.transaction(async (tx) => {
    if (!(await consumeSiweNonce(tx, nonce))) throw rejected('siweNonceUsed')
    return existing ? existing.id : insertUser(tx, { walletAddress: address, inviterId: invite.inviterId })
  })
}
