/**
 * The per-user window of password checks (old password, transaction password) under parallel calls: the right
 * password fired 30 times at once passes 30 times (a burst of withdrawals is not a guessing attack), while 30 wrong
 * guesses at once get exactly the window's 5 verdicts and 25 refusals to try again later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { RATE_RULES } from '../../server/auth/rate-limit'
import { checkSecretLimited } from '../../server/auth/secret-check'
import type { Database } from '../../server/db/client'
import { DomainError } from '../../server/domain/errors'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUser } from './identity-fixtures'

let database: Database
beforeAll(async () => {
  database = await pgliteTestDb()
})
afterAll(() => database.close())

const check = async (userId: number, stored: string, password: string) => {
  try {
    await checkSecretLimited(database.db, {
      userId,
      stored,
      password,
      wrong: 'payPasswordWrong',
      field: 'pay_password',
      action: 'withdraw_request',
      ip: '127.0.0.1',
      locale: 'en',
    })
    return 'ok'
  } catch (err) {
    if (err instanceof DomainError) return err.kind === 'rate_limited' ? 'later' : err.messageKey
    throw err
  }
}

describe('password checks of one user at once', () => {
  it('pass every right password and count only wrong ones, in the window', async () => {
    const user = await makeUser(database.db)
    const stored = await hashPassword('Right-pass-135')
    const right = await Promise.all(Array.from({ length: 30 }, () => check(user.id, stored, 'Right-pass-135')))
    expect(right.filter((r) => r === 'ok')).toHaveLength(30)
    const wrong = await Promise.all(Array.from({ length: 30 }, () => check(user.id, stored, 'Wrong-pass-246')))
    expect(wrong.filter((r) => r === 'payPasswordWrong')).toHaveLength(RATE_RULES.secretAccount.limit)
    expect(wrong.filter((r) => r === 'later')).toHaveLength(30 - RATE_RULES.secretAccount.limit)
  })
})
