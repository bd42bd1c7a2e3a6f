/**
 * The per-user window of password checks (old password, transaction password) under parallel calls: the right
 * password fired 30 times at once passes 30 times (a burst of withdrawals is not a guessing attack), while 30 wrong
 * guesses at once get exactly the window's 5 verdicts and 25 refusals to try again later. A burst of the right
 * password hashes once (argon2id takes tens of ms: 2,000 withdrawals fired at once would otherwise queue for minutes),
 * and nothing else is remembered: a wrong password, another stored hash, or the same after VERIFIED_TTL_MS hash again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { RATE_RULES } from '../../server/auth/rate-limit'
import * as passwords from '../../server/auth/passwords'
import { checkSecretLimited, forgetVerified, VERIFIED_TTL_MS } from '../../server/auth/secret-check'
import type { Database } from '../../server/db/client'
import { DomainError } from '../../server/domain/errors'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUser } from './identity-fixtures'

let database: Database
beforeAll(async () => {
  database = await pgliteTestDb()
})
afterAll(() => database.close())
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  forgetVerified()
})

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

describe('a right password proved once', () => {
  it('serves a burst with one hash; wrong ones, another hash and an expired one are checked again', async () => {
    const user = await makeUser(database.db)
    const stored = await hashPassword('Right-pass-135')
    const hashes = vi.spyOn(passwords, 'checkPassword')
    const burst = await Promise.all(Array.from({ length: 200 }, () => check(user.id, stored, 'Right-pass-135')))
    expect(burst.every((r) => r === 'ok')).toBe(true)
    expect(hashes).toHaveBeenCalledTimes(1)
    // Wrong guesses after it are never served by it: each is hashed and counted.
    expect(await check(user.id, stored, 'Right-pass-1356')).toBe('payPasswordWrong')
    expect(await check(user.id, stored, 'right-pass-135')).toBe('payPasswordWrong')
    expect(hashes).toHaveBeenCalledTimes(3)
    // A changed password (a new stored hash) does not accept the old one from memory.
    const changed = await hashPassword('New-pass-777')
    expect(await check(user.id, changed, 'Right-pass-135')).toBe('payPasswordWrong')
    expect(hashes).toHaveBeenCalledTimes(4)
    // Nor does another user with the same hash string.
    const other = await makeUser(database.db)
    expect(await check(other.id, stored, 'Right-pass-135')).toBe('ok')
    expect(hashes).toHaveBeenCalledTimes(5)
    // After VERIFIED_TTL_MS the right password is hashed again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + VERIFIED_TTL_MS + 1 })
    expect(await check(user.id, stored, 'Right-pass-135')).toBe('ok')
    expect(hashes).toHaveBeenCalledTimes(6)
  })
})
