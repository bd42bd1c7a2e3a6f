/**
 * Signed, short-lived image URLs (reliability S2: uploads served only through an authorizing handler). An `<img>`
 * cannot send the `token` header, so the URL itself carries the authorization: the upload id, an expiry and the
 * session it was issued to, under an HMAC-SHA256 with a server secret. The image handler checks the signature, the
 * expiry, and that the session is still live and belongs to the owner or an operator — so a URL dies at logout.
 *
 * The secret is a settings row written once from crypto.randomBytes; it is not one of the operator settings
 * (`SETTING_KEYS`), so neither `common/config` nor `admin config get` can read it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { settings } from '../db/schema'

/** Settings key of the signing secret (64 hex = 256 bits). */
export const IMAGE_KEY_SETTING = 'upload_url_key'
/** Lifetime of an image URL, seconds. Long enough to look at a page, short enough that a copied link goes stale. */
export const IMAGE_URL_TTL_S = 15 * 60
/** Path of the image handler under the site root. */
export const IMAGE_PATH = '/api/common/image'

const keys = new WeakMap<Db, Promise<Buffer>>()

/** The signing secret of `db`, created on first use (concurrent first uses agree on one row). */
export function imageKey(db: Db): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = loadKey(db)
    key.catch(() => keys.delete(db))
    keys.set(db, key)
  }
  return key
}

async function loadKey(db: Db): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: IMAGE_KEY_SETTING, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: settings.key })
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, IMAGE_KEY_SETTING))
  if (!row || !/^[0-9a-f]{64}$/.test(row.value))
    throw new Error(`settings.${IMAGE_KEY_SETTING} is missing or malformed`)
  return Buffer.from(row.value, 'hex')
}

/** What a signature covers. */
export interface ImageGrant {
  uploadId: number
  /** Session the URL was issued to. */
  sessionId: number
  /** Expiry, epoch seconds. */
  exp: number
}

function signature(key: Buffer, g: ImageGrant): Buffer {
  return createHmac('sha256', key).update(`image:${g.uploadId}:${g.sessionId}:${g.exp}`).digest()
}

/** A URL for `uploadId`, valid IMAGE_URL_TTL_S from `nowMs` for `sessionId`. */
export async function signImageUrl(db: Db, uploadId: number, sessionId: number, nowMs = Date.now()): Promise<string> {
  const grant = { uploadId, sessionId, exp: Math.floor(nowMs / 1000) + IMAGE_URL_TTL_S }
  const sig = signature(await imageKey(db), grant).toString('base64url')
  return `${IMAGE_PATH}?id=${uploadId}&sid=${sessionId}&exp=${grant.exp}&sig=${sig}`
}

/** Why a URL is refused. */
export type GrantProblem = 'badSignature' | 'expired'

/** Checks the signature (constant time) and the expiry of a grant. */
export async function checkImageGrant(
  db: Db,
  g: ImageGrant,
  sig: string,
  nowMs = Date.now(),
): Promise<GrantProblem | null> {
  const expected = signature(await imageKey(db), g)
  const given = Buffer.from(sig, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'badSignature'
  if (g.exp * 1000 <= nowMs) return 'expired'
  return null
}
