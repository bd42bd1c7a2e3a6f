/**
 * Delivery of the server's messages (verification codes). E-mail goes through nodemailer when `SMTP_URL` is set;
 * SMS through an `SmsSender` (the default one delivers nothing: a provider plugs in here later). Every message is
 * also written to the `outbox` table with how it ended: `sent`, `failed`, or `outbox` when nothing delivered it, in
 * which case a server log line says where it was meant to go and what it said (a developer reads codes there, an
 * operator with `npm run admin -- outbox list`).
 */
import type { Transporter } from 'nodemailer'
import type { Db } from '../db/client'
import { outbox } from '../db/schema'

/** One message. `to` is an e-mail or `+<area code> <digits>`. */
export interface OutgoingMessage {
  channel: 'email' | 'sms'
  to: string
  subject: string
  body: string
}

/** How a message ended; `outboxId` is its row in `outbox`. */
export interface Delivery {
  outboxId: number
  status: 'outbox' | 'sent' | 'failed'
  /** Provider's error text when failed. */
  error?: string
}

/** An SMS provider. */
export interface SmsSender {
  /**
   * Hands `body` to the provider for `to`. Resolves true when the provider took it, false when this sender delivers
   * nothing (the outbox row is the delivery); throws when the provider refused it.
   */
  send(to: string, body: string): Promise<boolean>
}

/** The SMS sender used until a provider is configured: nothing leaves the server, the outbox keeps the message. */
export const outboxOnlySms: SmsSender = { send: async () => false }

/** What the messenger needs from the server. */
export interface MessengerDeps {
  db: Db
  /** `smtp(s)://user:pass@host:port[?from=addr]`; unset = e-mail stays in the outbox. */
  smtpUrl?: string | undefined
  log?: ((line: string) => void) | undefined
  sms?: SmsSender
}

/** Sends messages and records them; see the module comment. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<Delivery>
}

const transports = new Map<string, Promise<Transporter>>()

/**
 * One pooled nodemailer transport per SMTP URL; `from` is the URL's `from` parameter or no-reply@<host>. nodemailer
 * is loaded on the first e-mail, not at start (~11 MB of idle RSS; unused without SMTP_URL).
 */
function transportFor(smtpUrl: string): Promise<Transporter> {
  // The promise is kept, so two first e-mails at once share one transport (and its connection pool).
  let t = transports.get(smtpUrl)
  if (!t) {
    t = import('nodemailer').then(({ default: nodemailer }) => {
      const url = new URL(smtpUrl)
      const from = url.searchParams.get('from') ?? `no-reply@${url.hostname}`
      url.searchParams.delete('from')
      return nodemailer.createTransport(url.toString(), { from })
    })
    transports.set(smtpUrl, t)
  }
  return t
}

/** A messenger over `deps` (see MessengerDeps). */
export function createMessenger(deps: MessengerDeps): Messenger {
  const log = deps.log ?? ((line: string) => console.log(line))
  const sms = deps.sms ?? outboxOnlySms
  return {
    async send(message) {
      let status: Delivery['status'] = 'outbox'
      let error: string | undefined
      try {
        if (message.channel === 'email' && deps.smtpUrl) {
          await (
            await transportFor(deps.smtpUrl)
          ).sendMail({ to: message.to, subject: message.subject, text: message.body })
          status = 'sent'
        } else if (message.channel === 'sms' && (await sms.send(message.to, message.body))) {
          status = 'sent'
        }
      } catch (err) {
        status = 'failed'
        error = (err instanceof Error ? err.message : String(err)).slice(0, 500)
      }
      const [row] = await deps.db
        .insert(outbox)
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          status,
          error: error ?? null,
        })
        .returning({ id: outbox.id })
      const id = row!.id
      if (status === 'outbox') {
        const missing = message.channel === 'email' ? 'SMTP_URL' : 'SMS provider'
        const text = message.body.replace(/\s*\n+\s*/g, ' ')
        log(
          `[outbox #${id}] ${message.channel} to ${message.to} (not delivered: no ${missing}): ${message.subject} | ${text}`,
        )
      } else if (status === 'failed') {
        log(`[outbox #${id}] ${message.channel} to ${message.to} failed: ${error}`)
      }
      return error === undefined ? { outboxId: id, status } : { outboxId: id, status, error }
    },
  }
}
