/**
 * Idempotency keys for the calls that move money (common/api/assets IDEMPOTENCY_HEADER): one random UUID per user
 * submission, so the server runs a submission once however often the request layer has to send it again.
 */

/**
 * A new random version-4 UUID ("0f8c…-4…"), 36 visible ASCII characters. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); on a plain-http LAN address the same UUID is built from `crypto.getRandomValues`,
 * which every browser offers everywhere.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40 // version 4
  b[8] = (b[8]! & 0x3f) | 0x80 // RFC 4122 variant
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
