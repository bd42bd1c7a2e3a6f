/**
 * The anti-phishing code (issue 24 part 7; Binance, OKX and Coinbase offer one): a word the user chooses that starts
 * every e-mail the venue sends to the account's own address (auth/code-message.ts `withAntiPhishing`), so a message
 * claiming to be ours without it is a fake. Setting or changing it asks for the login password (when the account has
 * one) under the per-user window of signed-in secret checks: a stolen session cannot align it with a phishing mail.
 */
import { eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { antiPhishingInput } from '../../common/api/account'
import { audit } from '../auth/audit'
import { confirmLoginPassword } from '../auth/secret-check'
import { users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import type { Client } from './client'

/**
 * Sets the anti-phishing code of `userId` to `input.phrase`, after the login password when the account has one.
 * @throws DomainError rejected `loginPasswordRequired`/`loginPasswordWrong` naming `password`; 429 `tooManyAttempts`
 */
export async function setAntiPhishing(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
  input: z.output<typeof antiPhishingInput>,
  { ip, locale }: Pick<Client, 'ip' | 'locale'>,
): Promise<void> {
  await confirmLoginPassword(db, { userId, password: input.password, action: 'anti_phishing_set', ip, locale })
  await db.update(users).set({ antiPhishing: input.phrase }).where(eq(users.id, userId))
  await audit(db, { userId, action: 'anti_phishing_set', result: 'ok', ip })
}
