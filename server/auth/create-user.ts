/** Inserting a new user with a fresh invitation code (register, wallet sign-in, operator creation). */
import type { Db } from '../db/client'
import { users, type Role } from '../db/schema'
import { uniqueViolation } from './db-errors'
import { freeInviteCode } from './invite-codes'

/** The identifying and secret fields of a new user (at least one of email, phone, wallet). */
export interface NewUser {
  email?: string | null
  areaCode?: string | null
  phone?: string | null
  walletAddress?: string | null
  /** argon2id PHC string (hashPassword), null for a wallet-only account. */
  passwordHash?: string | null
  inviterId?: number | null
  role?: Role
}

/**
 * Inserts `user` and returns its id. The insert runs in a savepoint so that a clash on the invitation code (two
 * registrations drawing the same code at once) retries with another code without spoiling `db`'s transaction.
 * @throws the driver's unique violation for e-mail, phone or wallet (the caller answers "already registered")
 */
export async function insertUser(db: Db, user: NewUser): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const inviteCode = await freeInviteCode(db)
    try {
      return await db.transaction(async (sp) => {
        const [row] = await sp
          .insert(users)
          .values({ ...user, inviteCode, role: user.role ?? 'user' })
          .returning({ id: users.id })
        return row!.id
      })
    } catch (err) {
      if (uniqueViolation(err) !== 'users_invite_code' || attempt >= 3) throw err
    }
  }
}
