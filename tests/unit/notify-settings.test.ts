// The notification settings' pure parts (issue 24 part 6): the VAPID key from base64url to the bytes
// PushManager.subscribe takes (RFC 8292 §3.2, RFC 4648 §5), what the device's push switch shows from what the browser
// says, the per-kind switches from the server's answer, and the subscription as push/subscribe takes it.
import { describe, expect, it } from 'vitest'
import { NOTIFY_KINDS, pushSubscribeInput, type NotifyKind } from '../../common/api/notify'
import { subscribeInput } from '../../src/features/notify/push-device'
import {
  canSwitch,
  devicePushState,
  kindSwitches,
  withKind,
  type PushFacts,
} from '../../src/features/notify/push-state'
import { base64UrlToBytes, sameBytes } from '../../src/lib/web-push'

/** RFC 8291 §5's example subscription: its public key (65 bytes) and auth secret (16 bytes). */
const UA_PUBLIC = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'
const AUTH = 'BTBZMqHH6r4Tts7J_aSIgg'

describe('base64url to bytes', () => {
  it('decodes RFC 4648 test vectors, with and without padding', () => {
    const text = (b: Uint8Array) => new TextDecoder().decode(b)
    expect(text(base64UrlToBytes(''))).toBe('')
    expect(text(base64UrlToBytes('Zg'))).toBe('f')
    expect(text(base64UrlToBytes('Zg=='))).toBe('f')
    expect(text(base64UrlToBytes('Zm8'))).toBe('fo')
    expect(text(base64UrlToBytes('Zm9v'))).toBe('foo')
    expect(text(base64UrlToBytes('Zm9vYmFy'))).toBe('foobar')
  })

  it('reads the URL-safe alphabet (- and _) and the standard one alike', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff])
    expect([...base64UrlToBytes('+/8=')]).toEqual([0xfb, 0xff])
  })

  it('gives the 65-byte uncompressed P-256 point of a VAPID or subscription key', () => {
    const key = base64UrlToBytes(UA_PUBLIC)
    expect(key).toBeInstanceOf(Uint8Array)
    expect(key.length).toBe(65)
    expect(key[0]).toBe(0x04)
    expect(base64UrlToBytes(AUTH).length).toBe(16)
  })

  it('refuses text that is not base64url', () => {
    expect(() => base64UrlToBytes('ab$d')).toThrow()
    expect(() => base64UrlToBytes('abcde')).toThrow()
  })

  it('compares a subscription key with the server key', () => {
    const key = base64UrlToBytes(UA_PUBLIC)
    expect(sameBytes(key.slice().buffer, key)).toBe(true)
    expect(sameBytes(new DataView(key.slice().buffer), key)).toBe(true)
    expect(sameBytes(key.slice(1), key)).toBe(false)
    expect(sameBytes(null, key)).toBe(false)
  })
})

describe('the device push switch', () => {
  const facts = (f: Partial<PushFacts>): PushFacts => ({
    supported: true,
    registered: true,
    permission: 'default',
    subscribed: false,
    ...f,
  })

  it('shows what the browser says, a block first', () => {
    const table: [Partial<PushFacts>, ReturnType<typeof devicePushState>][] = [
      [{ supported: false, permission: null }, 'unsupported'],
      [{ permission: 'denied', subscribed: true }, 'denied'],
      [{ permission: 'denied', registered: false }, 'denied'],
      [{ registered: false }, 'no-worker'],
      [{ registered: false, permission: 'granted', subscribed: true }, 'no-worker'],
      [{}, 'off'],
      [{ permission: 'granted' }, 'off'],
      // A subscription left while the permission was reset is not "on": nothing would be shown.
      [{ permission: 'default', subscribed: true }, 'off'],
      [{ permission: 'granted', subscribed: true }, 'on'],
    ]
    for (const [f, want] of table) expect(devicePushState(facts(f)), JSON.stringify(f)).toBe(want)
  })

  it('can be flipped only when on or off', () => {
    expect(['unsupported', 'denied', 'no-worker', 'off', 'on'].filter((s) => canSwitch(s as never))).toEqual([
      'off',
      'on',
    ])
  })
})

describe('the per-kind switches', () => {
  it('lists every kind in order, a kind the answer leaves out on', () => {
    const rows = kindSwitches({ order_filled: false, deposit: true })
    expect(rows.map((r) => r.kind)).toEqual([...NOTIFY_KINDS])
    expect(rows.filter((r) => !r.on).map((r) => r.kind)).toEqual(['order_filled'])
  })

  it('moves one switch and keeps the rest', () => {
    const all = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, k !== 'tpsl'])) as Record<NotifyKind, boolean>
    const before = { kinds: all, devices: 2 }
    const after = withKind(before, 'price_alert', false)
    expect(after.devices).toBe(2)
    expect(
      kindSwitches(after.kinds)
        .filter((r) => !r.on)
        .map((r) => r.kind),
    ).toEqual(['price_alert', 'tpsl'])
    expect(before.kinds.price_alert).toBe(true)
  })
})

describe('the subscription sent to push/subscribe', () => {
  it('is PushSubscription.toJSON() with the language, as the contract takes it', () => {
    const input = subscribeInput(
      {
        endpoint: 'https://push.example.net/send/abc',
        expirationTime: null,
        keys: { p256dh: UA_PUBLIC, auth: AUTH },
      },
      'ja',
    )
    expect(input).toEqual({
      endpoint: 'https://push.example.net/send/abc',
      keys: { p256dh: UA_PUBLIC, auth: AUTH },
      lang: 'ja',
    })
    expect(pushSubscribeInput.safeParse(input).success).toBe(true)
  })
})
