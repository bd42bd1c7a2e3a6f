/**
 * Answers to requests Node's HTTP parser refuses before Fastify sees them (Fastify's `clientErrorHandler`): headers
 * too large (431), a request timeout (408), anything unparsable (400). Under `/api/` the client expects the
 * `{code,msg,data}` envelope of every other answer, so these are enveloped too. The request's headers could not be
 * read, so the message is in the default language (English).
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { CODE_BAD_INPUT } from '../../common/constants'
import { serverMessage } from '../content/server-messages'

/** The raw HTTP/1.1 answer for a parser error `code` (an `HPE_…`/`ERR_…` code of Node's http module). */
export function clientErrorResponse(code: string | undefined): string {
  const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const key = status === 431 ? 'headersTooLarge' : status === 408 ? 'requestTimeout' : 'invalidInput'
  const body = JSON.stringify({
    code: CODE_BAD_INPUT,
    msg: serverMessage('en', key),
    data: { field: '(request)', issues: [{ field: '(request)', message: STATUS_CODES[status] ?? 'Bad Request' }] },
  })
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
  )
}

/** Fastify `clientErrorHandler`: writes clientErrorResponse and closes the socket (what Node itself does). */
export function handleClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  if (socket.writable) socket.write(clientErrorResponse(err.code))
  socket.destroy(err)
}
