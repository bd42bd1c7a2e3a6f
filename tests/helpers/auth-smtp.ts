/**
 * A minimal SMTP server on 127.0.0.1 that accepts every message (no TLS, no auth) and keeps what it received, so
 * tests see the e-mail a user would get through the real nodemailer transport.
 */
import { createServer, type AddressInfo, type Server } from 'node:net'

/** One received message: envelope and raw DATA (headers and body). */
export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

export interface FakeSmtp {
  url: string
  mails: ReceivedMail[]
  close(): Promise<void>
}

/** Starts the server on a free port. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = []
  const server: Server = createServer((socket) => {
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ESMTP ready')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          current.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          mails.push(current)
          current = { from: '', to: [], data: '' }
          reply('250 OK queued')
          continue
        }
        const nl = buffer.indexOf('\r\n')
        if (nl < 0) return
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp')
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim()
          reply('250 OK')
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim())
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else reply('250 OK')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}?from=codes@tc.example`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
