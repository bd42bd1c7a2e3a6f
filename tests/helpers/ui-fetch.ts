/**
 * Scripted fetch for request-layer tests: each call is recorded (URL, method, headers, body) and answered by the
 * handler, which may return a JSON value (HTTP 200), a Response, or a never-settling promise that honours abort.
 */

export interface RecordedCall {
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
}

export type FetchHandler = (call: RecordedCall) => unknown

/** A fetch double plus what it saw. */
export function scriptedFetch(handler: FetchHandler): { fetch: typeof fetch; calls: RecordedCall[] } {
  const calls: RecordedCall[] = []
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: RecordedCall = {
      url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
    }
    calls.push(call)
    const answer = handler(call)
    if (answer === HANG) return hang(init.signal ?? undefined)
    if (answer instanceof Response) return answer
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return { fetch: fetchImpl, calls }
}

/** Handler result meaning "never answer" (until the request is aborted). */
export const HANG = Symbol('hang')

function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })
}

/** A `{code,msg,data}` envelope. */
export function envelope(code: number, data: unknown = null, msg = code === 1 ? 'success' : 'failed') {
  return { code, msg, data }
}
