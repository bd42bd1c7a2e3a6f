/**
 * Code delivery: with SMTP_URL the e-mail goes out through nodemailer (to a local SMTP server here) and the outbox
 * records it as sent, the code never in the server log; an unreachable SMTP server answers a clear refusal and
 * leaves no live code; an SMS provider plugged into the seam receives SMS codes.
 */
import { eq } from 'drizzle-orm'
import { afterAll, expect, it } from 'vitest'
import type { SmsSender } from '../../server/auth/messenger'
import { outbox, verificationCodes } from '../../server/db/schema'
import { GOOD_PASSWORD, describeAuth } from '../helpers/auth-app'
import { startFakeSmtp } from '../helpers/auth-smtp'

const smtp = await startFakeSmtp()
afterAll(() => smtp.close())

describeAuth(
  'e-mail through SMTP',
  (fx) => {
    it('sends the code by e-mail, records it as sent and keeps the code out of the log', async () => {
      const sent = await fx.post(
        'user/send_code',
        { type: 'email', email: 'mail@example.com', purpose: 'register' },
        { lang: 'de, pt;q=0.8' },
      )
      expect(sent.body.code).toBe(1)
      const mail = smtp.mails.find((m) => m.to.some((t) => t.includes('mail@example.com')))!
      expect(mail.from).toContain('codes@tc.example')
      // Portuguese (the first supported language asked for), MIME-encoded.
      expect(mail.data).toMatch(/^Subject: =\?UTF-8\?Q\?C=C3=B3digo_de_verifica=C3=A7=C3=A3o_\?=/m)
      const [row] = await fx.db.select().from(outbox).where(eq(outbox.recipient, 'mail@example.com'))
      expect(row).toMatchObject({ status: 'sent', error: null, subject: 'Código de verificação – TC Market' })
      const code = row!.body.match(/\b\d{6}\b/)![0]
      expect(mail.data.replace(/=\r\n/g, '')).toContain(code)
      expect(fx.t.logs.join('\n')).not.toContain(code)
      const reg = await fx.post('user/register', {
        type: 'email',
        email: 'mail@example.com',
        password: GOOD_PASSWORD,
        re_password: GOOD_PASSWORD,
        code,
        agree: true,
      })
      expect(reg.body.code).toBe(1)
    })
  },
  { postgres: false, deps: { smtpUrl: smtp.url } },
)

describeAuth(
  'SMTP server down',
  (fx) => {
    it('answers that the code could not be sent, records the failure and keeps no live code', async () => {
      const body = { type: 'email', email: 'down@example.com', purpose: 'register' }
      const first = await fx.post('user/send_code', body)
      expect(first.body).toMatchObject({
        code: 400,
        msg: 'The verification code could not be sent. Please try again later',
      })
      const rows = await fx.db.select().from(outbox).where(eq(outbox.recipient, 'down@example.com'))
      expect(rows).toMatchObject([{ status: 'failed' }])
      expect(rows[0]!.error).toBeTruthy()
      expect(
        await fx.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'down@example.com')),
      ).toHaveLength(0)
      // Trying again at once is not refused as a resend.
      expect((await fx.post('user/send_code', body)).status).toBe(200)
    })
  },
  { postgres: false, deps: { smtpUrl: 'smtp://127.0.0.1:1' } },
)

const texts: { to: string; body: string }[] = []
const provider: SmsSender = {
  send: async (to, body) => {
    texts.push({ to, body })
    return true
  },
}

describeAuth(
  'SMS provider',
  (fx) => {
    it('hands SMS codes to the provider and records them as sent', async () => {
      const sent = await fx.post(
        'user/send_code',
        { type: 'phone', area_code: '91', phone: '9876543210', purpose: 'register' },
        { lang: 'hi' },
      )
      expect(sent.body.data).toMatchObject({ sent_to: '+91 987***3210' })
      expect(texts).toHaveLength(1)
      expect(texts[0]!.to).toBe('+91 9876543210')
      expect(texts[0]!.body).toMatch(/^\[TC Market\] आपका सत्यापन कोड \d{6} है, जो 10 मिनट तक मान्य है।/)
      const [row] = await fx.db.select().from(outbox).where(eq(outbox.recipient, '+91 9876543210'))
      expect(row!.status).toBe('sent')
    })
  },
  { postgres: false, deps: { sms: provider } },
)
