// Issue 8 finding 1, process side: an exception or rejection nothing caught — here thrown asynchronously from inside a
// gateway request handler — is logged with its origin and stack, and the process keeps serving (server/main.ts
// `installProcessGuards`, installed by `runMain`). Node's default would exit and take the API and every feed with it.
import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { FeedClient } from '../helpers/market-client'

let child: ChildProcess | undefined
afterEach(() => {
  child?.kill('SIGKILL')
  child = undefined
})

/** Resolves with the text of `stream` once `pred` holds for everything read so far. */
function readUntil(stream: NodeJS.ReadableStream, pred: (text: string) => boolean, timeoutMs: number): Promise<string> {
  return new Promise((done, fail) => {
    let text = ''
    const timer = setTimeout(() => fail(new Error(`timed out; read so far:\n${text}`)), timeoutMs)
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (pred(text)) {
        clearTimeout(timer)
        done(text)
      }
    })
  })
}

it('logs an async throw and an unhandled rejection from a handler, and keeps serving', async () => {
  // Node itself with tsx's loader (not the tsx wrapper, whose SIGKILL would leave its node child running).
  child = spawn(process.execPath, ['--import', 'tsx', resolve('tests/helpers/market-crash-child.ts')], {
    // stdin a pipe from this process: the child exits when it closes, so it never outlives the test run (issue 24
    // found it running 29 min after CI, when the worker ended before afterEach).
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)))
  const stderr = readUntil(
    child.stderr!,
    (t) => t.includes('boom in a timer') && t.includes('boom in a promise'),
    30_000,
  )
  const out = await readUntil(child.stdout!, (t) => /PORT \d+\n/.test(t), 30_000)
  const port = /PORT (\d+)/.exec(out)![1]
  const c = await FeedClient.connect(`ws://127.0.0.1:${port}`)
  try {
    expect((await c.call({ req: 'market.eurusd.ticker' })).status).toBe('error') // "no data yet", answered
    const log = await Promise.race([stderr, exited.then((code) => `exited with ${code}`)])
    expect(log).toMatch(/\[process\] \S+ uncaughtException #\d+, still serving: Error: boom in a timer\n\s+at /)
    expect(log).toMatch(/\[process\] \S+ unhandledRejection #\d+, still serving: Error: boom in a promise/)
    // Still serving, on the same connection and on a new one.
    expect((await c.call({ sub: 'market.btcusdt.ticker' })).status).toBe('ok')
    const again = await FeedClient.connect(`ws://127.0.0.1:${port}`)
    expect((await again.call({ sub: 'market.eurusd.ticker' })).status).toBe('ok')
    again.close()
    expect(child.exitCode).toBeNull()
  } finally {
    c.close()
  }
}, 60_000)
