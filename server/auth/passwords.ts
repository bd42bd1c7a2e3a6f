/**
 * Password hashing (reliability S1, OWASP Password Storage Cheat Sheet): argon2id with m = 19 MiB, t = 2, p = 1 via
 * @node-rs/argon2. Used for login and transaction passwords alike. A dummy hash lets a check against an unknown
 * account cost the same time as a real one, so timing does not tell which accounts exist.
 */
import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2'

/** `Algorithm.Argon2id`: the package's enum is `const`, which isolated modules cannot read at compile time. */
const ARGON2ID = 2 as Algorithm

/** The policy's parameters (OWASP: m = 19456 KiB, t = 2, p = 1). */
export const ARGON2_OPTIONS: Readonly<Options> = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
}

/** PHC prefix every hash made here starts with. */
export const ARGON2_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$'

/** The argon2id PHC string of `password` (random 16-byte salt). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

let dummy: Promise<string> | undefined

/**
 * Checks `password` against `stored`; with `stored` null (unknown account, wallet-only account) it checks against
 * a dummy hash and answers false, taking the same time as a real check.
 */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummy ??= hashPassword('dummy password that no account has')
    await verify(await dummy, password)
    return false
  }
  try {
    return await verify(stored, password)
  } catch {
    // A malformed stored hash is a data problem, not a reason to let anyone in.
    return false
  }
}

/** True when `stored` was made with other parameters than the policy's (rehash it at the next successful login). */
export function needsRehash(stored: string): boolean {
  try {
    const o = parseOptions(stored)
    return (
      o.algorithm !== ARGON2ID ||
      o.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      o.timeCost !== ARGON2_OPTIONS.timeCost ||
      o.parallelism !== ARGON2_OPTIONS.parallelism
    )
  } catch {
    return true
  }
}
