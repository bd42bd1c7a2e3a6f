/**
 * A local stand-in for a push service (RFC 8030) and the user agent's side of Web Push encryption, for tests: a
 * subscription with its own P-256 key pair and auth secret, an HTTP endpoint that records what the server posts, and
 * an RFC 8291 decryption written from the RFC with node:crypto (not the library the server encrypts with), plus the
 * check of the VAPID JWT (RFC 8292) against the server's public key.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One POST the endpoint received. */
export interface PushRequest {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A device's subscription: what `PushSubscription.toJSON()` gives, and its private half. */
export interface TestSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
  ecdh: ECDH
  authSecret: Buffer
}

/** The push service stand-in: every POST is recorded and answered `status(path)` (default 201). */
export interface PushEndpoint {
  origin: string
  requests: PushRequest[]
  /** A new subscription at `origin/<path>`. */
  subscription(path?: string): TestSubscription
  /** Resolves once `n` requests have arrived (no fixed sleep). */
  waitFor(n: number, timeoutMs?: number): Promise<PushRequest[]>
  close(): Promise<void>
}

export async function startPushEndpoint(status: (path: string) => number = () => 201): Promise<PushEndpoint> {
  const requests: PushRequest[] = []
  let waiters: (() => void)[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      requests.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = status(req.url ?? '/')
      res.end()
      const w = waiters
      waiters = []
      for (const f of w) f()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    subscription(path = `/push/${randomBytes(6).toString('hex')}`) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const authSecret = randomBytes(16)
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      }
    },
    async waitFor(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (requests.length < n) {
        if (Date.now() > deadline) throw new Error(`push endpoint: ${requests.length} of ${n} requests arrived`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200).unref()
        })
      }
      return requests.slice(0, n)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Decrypts an `aes128gcm` push message body (RFC 8188 header: salt 16, rs 4, idlen 1, keyid = the sender's public
 * key) for `sub` as RFC 8291 §3.4 says: IKM = HKDF(auth, ecdh, "WebPush: info" ‖ 0 ‖ ua_public ‖ as_public, 32),
 * CEK = HKDF(salt, IKM, "Content-Encoding: aes128gcm" ‖ 0, 16), NONCE = HKDF(salt, IKM, "Content-Encoding: nonce" ‖
 * 0, 12); one record, its padding delimiter 2 and zeros stripped.
 */
export function decryptPush(body: Buffer, sub: TestSubscription): string {
  const salt = body.subarray(0, 16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  const uaPublic = sub.ecdh.getPublicKey()
  const shared = sub.ecdh.computeSecret(asPublic)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('push record: no final padding delimiter')
  return plain.subarray(0, end).toString('utf8')
}

/**
 * Checks the request's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3): `k` is `publicKey`, the JWT is ES256
 * signed by it, `aud` is the endpoint's origin and `exp` within 24 h. Answers the JWT's claims.
 */
export function checkVapid(
  headers: IncomingHttpHeaders,
  publicKey: string,
  endpointOrigin: string,
): { aud: string; exp: number; sub: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''))
  if (!m) throw new Error(`no VAPID authorization: ${String(headers.authorization)}`)
  if (m[2] !== publicKey) throw new Error('VAPID k is not the server key')
  const [h, p, s] = m[1]!.split('.')
  const point = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  )
  if (!ok) throw new Error('VAPID JWT signature does not verify')
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string }
  if (claims.aud !== endpointOrigin) throw new Error(`VAPID aud ${claims.aud} is not ${endpointOrigin}`)
  if (claims.exp * 1000 > Date.now() + 24 * 3600_000 + 60_000) throw new Error('VAPID exp beyond 24 h')
  return claims
}
