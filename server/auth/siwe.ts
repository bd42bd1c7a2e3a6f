/**
 * Sign-In with Ethereum (EIP-4361) with the `siwe` package over ethers v6. The server writes the message the wallet
 * signs (domain and URI = one of the configured PUBLIC_ORIGIN origins, never a request header; a fresh nonce kept in
 * `siwe_nonces`, 10-minute expiry), then checks the signed message: its domain and URI are one configured origin, it
 * has not expired, the signature recovers its address (EOA signatures only: no provider, so no EIP-1271 contract
 * wallets), and its nonce is ours, unused and was issued for this very address and origin (the stored key binds the
 * three). The nonce is consumed by one conditional UPDATE, so a replayed message is refused even when two arrive at
 * once.
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm'
import type { SiweErrorType as SiweErrorTypes, SiweMessage } from 'siwe'
import type { Db } from '../db/client'
import { siweNonces } from '../db/schema'
import type { SiteOrigin } from './request-origin'

/**
 * siwe and ethers, loaded on the first wallet sign-in rather than at start: together they add ~20 MB to the idle
 * server's RSS (measured: `import('ethers')` 76 → 99 MB), for a path most servers seldom take.
 */
async function libs() {
  const [{ getAddress, Signature }, siwe] = await Promise.all([import('ethers'), import('siwe')])
  return { getAddress, Signature, ...siwe }
}

/** Lifetime of a nonce and of the message, seconds. */
export const SIWE_TTL_S = 600

/** Characters EIP-4361 allows in the statement (ABNF: reserved / unreserved / space). */
const STATEMENT_CHARS = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]/g

/** `Sign in to <site>`, keeping only characters the message grammar allows. */
export function siweStatement(siteName: string): string {
  const site = siteName.replace(STATEMENT_CHARS, '').replace(/\s+/g, ' ').trim()
  return site ? `Sign in to ${site}` : 'Sign in'
}

/** What the message is made for. */
export interface SiweRequest {
  /** 0x address in any case; written EIP-55 checksummed. */
  address: string
  chainId: number
  /**
   * Configured host (`example.com:8443`) and origin (`https://example.com:8443`), see originForRequest. The message
   * carries no scheme prefix: wallets compare its domain with the page's host.
   */
  host: string
  origin: string
  siteName: string
}

/**
 * The `siwe_nonces` key of a nonce: the nonce with the address and origin it was issued for, so a nonce is good only
 * in a message for that address on that origin (the table needs no extra columns).
 */
function nonceKey(nonce: string, address: string, origin: string): string {
  return `${nonce} ${address.toLowerCase()} ${origin}`
}

/** Writes a message for `r` and stores its nonce. */
export async function createSiweMessage(
  db: Db,
  r: SiweRequest,
  now = Date.now(),
): Promise<{ message: string; nonce: string }> {
  const { generateNonce, getAddress, SiweMessage } = await libs()
  const nonce = generateNonce()
  const expires = new Date(now + SIWE_TTL_S * 1000)
  const message = new SiweMessage({
    domain: r.host,
    address: getAddress(r.address),
    statement: siweStatement(r.siteName),
    uri: r.origin,
    version: '1',
    chainId: r.chainId,
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: expires.toISOString(),
  }).prepareMessage()
  // Expired nonces can never be used again: drop them as new ones are made, so the table stays small.
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, new Date(now - SIWE_TTL_S * 1000)))
  await db
    .insert(siweNonces)
    .values({ nonce: nonceKey(nonce, r.address, r.origin), expiresAt: expires, createdAt: new Date(now) })
  return { message, nonce }
}

/** Why a signed message is refused (keys of the auth messages). */
export type SiweProblem = 'siweInvalid' | 'siweWrongDomain' | 'siweExpired' | 'siweBadSignature' | 'siweNonceUsed'

/**
 * Checks a signed message for this site (not its nonce: see consumeSiweNonce). `origins` are the configured ones
 * (siteOrigins); the message's domain and URI must be one of them, whatever Host the request came with.
 * @returns the lower-case signer address and the nonce key to consume, or the problem
 */
export async function verifySiwe(
  input: { message: string; signature: string; origins: readonly SiteOrigin[] },
  now = Date.now(),
): Promise<{ ok: true; address: string; nonce: string } | { ok: false; problem: SiweProblem }> {
  const { Signature, SiweErrorType, SiweMessage } = await libs()
  let parsed: SiweMessage
  try {
    parsed = new SiweMessage(input.message)
  } catch {
    return { ok: false, problem: 'siweInvalid' }
  }
  const site = input.origins.find((o) => o.host === parsed.domain && o.origin === parsed.uri)
  if (!site) return { ok: false, problem: 'siweWrongDomain' }
  if (!parsed.expirationTime) return { ok: false, problem: 'siweInvalid' }
  try {
    // Not a valid secp256k1 signature at all: refuse here (siwe would log the ethers error to the console).
    Signature.from(input.signature)
  } catch {
    return { ok: false, problem: 'siweBadSignature' }
  }
  try {
    await parsed.verify({
      signature: input.signature,
      domain: site.host,
      nonce: parsed.nonce,
      time: new Date(now).toISOString(),
    })
  } catch (failure) {
    return { ok: false, problem: problemOf(failure, SiweErrorType) }
  }
  const address = parsed.address.toLowerCase()
  return { ok: true, address, nonce: nonceKey(parsed.nonce, address, site.origin) }
}

function problemOf(failure: unknown, SiweErrorType: typeof SiweErrorTypes): SiweProblem {
  const type = (failure as { error?: { type?: unknown } } | null)?.error?.type
  switch (type) {
    case SiweErrorType.EXPIRED_MESSAGE:
    case SiweErrorType.NOT_YET_VALID_MESSAGE:
      return 'siweExpired'
    case SiweErrorType.DOMAIN_MISMATCH:
    case SiweErrorType.SCHEME_MISMATCH:
      return 'siweWrongDomain'
    case SiweErrorType.INVALID_SIGNATURE:
      return 'siweBadSignature'
    default:
      return 'siweInvalid'
  }
}

/**
 * Uses up `nonce` (the key verifySiwe answers) if it is ours, unused, unexpired and was issued for the message's
 * address and origin; false otherwise (replay, forged, stale, or made for another address or origin).
 */
export async function consumeSiweNonce(db: Db, nonce: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(siweNonces)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(siweNonces.nonce, nonce), isNull(siweNonces.consumedAt), gt(siweNonces.expiresAt, new Date(now))))
    .returning({ nonce: siweNonces.nonce })
  return rows.length === 1
}
