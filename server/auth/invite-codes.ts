/**
 * Invitation codes: every user gets one (8 characters from an alphabet without look-alikes, so it survives being
 * read aloud or copied by hand); a new user may name the code of whoever invited them (`inviter_id`).
 */
import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { readSettings } from '../db/settings'

/** Upper-case letters and digits without 0/O, 1/I/L. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const INVITE_CODE_LENGTH = 8

/** A random invitation code (not checked for uniqueness: see freeInviteCode). */
export function randomInviteCode(): string {
  let code = ''
  for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]
  return code
}

/**
 * A code no user has yet (31^8 ≈ 8.5·10^11 codes, so a retry is rare). The unique index still guards a race
 * between two registrations; the insert's caller retries on that violation.
 * @throws Error after 10 collisions in a row (a full code space, not a real case)
 */
export async function freeInviteCode(db: Db): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = randomInviteCode()
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code))
    if (!taken) return code
  }
  throw new Error('no free invitation code after 10 tries')
}

/** Outcome of the invitation rule for a new account: the inviter's id, null (none), or the problem. */
export type InviteOutcome = { inviterId: number | null } | { problem: 'inviteRequired' | 'inviteInvalid' }

/**
 * Applies the invitation rule: `invite_required` = '1' (operator setting) needs a code; a given code must exist.
 * @param code upper-case code from the input, '' for none
 */
export async function resolveInviter(db: Db, code: string): Promise<InviteOutcome> {
  if (code === '') {
    const { invite_required } = await readSettings(db)
    return invite_required === '1' ? { problem: 'inviteRequired' } : { inviterId: null }
  }
  const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code))
  return inviter ? { inviterId: inviter.id } : { problem: 'inviteInvalid' }
}
