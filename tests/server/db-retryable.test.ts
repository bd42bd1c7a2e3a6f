/**
 * Transient database failures (serialization failure, deadlock, lost connection) answer the "please retry" envelope
 * (HTTP 503 + Retry-After, translated, no details) instead of a 500; other database errors stay 500. The real
 * PostgreSQL suite produces genuine 40001 and 40P01 errors through drizzle and checks they are recognized.
 */
import { DrizzleQueryError, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CODE_RETRY_LATER, CODE_SERVER_ERROR } from '../../common/constants'
import { serverMessage } from '../../server/content/server-messages'
import type { Db } from '../../server/db/client'
import { isRetryableDbError } from '../../server/db/retryable-error'
import { describePostgres } from '../helpers/server-db'
import { testApp } from '../helpers/server-app'

/** An error as node-postgres builds it from the server's ErrorResponse (a `code` SQLSTATE). */
function pgError(code: string, message = `sqlstate ${code}`): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' })
}

/** As drizzle rethrows a driver error. */
function wrapped(cause: Error): Error {
  return new DrizzleQueryError('insert into feedback …', [1], cause)
}

/** A database on which every call throws `err` (the routes' first query fails). */
function failingDb(err: Error): Db {
  const thrower = (): never => {
    throw err
  }
  return new Proxy({}, { get: () => thrower }) as unknown as Db
}

const RETRYABLE: [string, Error][] = [
  ['serialization failure 40001', wrapped(pgError('40001'))],
  ['deadlock 40P01', wrapped(pgError('40P01'))],
  ['backend terminated 57P01', wrapped(pgError('57P01', 'terminating connection due to administrator command'))],
  ['server starting 57P03', pgError('57P03')],
  ['connection failure 08006', wrapped(pgError('08006'))],
  ['connection does not exist 08003', pgError('08003')],
  ['pg: connection terminated', new Error('Connection terminated unexpectedly')],
  ['pg: not queryable', wrapped(new Error('Client has encountered a connection error and is not queryable'))],
  ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
  ['socket reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
]

const NOT_RETRYABLE: [string, Error][] = [
  ['unique violation 23505', wrapped(pgError('23505'))],
  ['check violation 23514', wrapped(pgError('23514'))],
  ['undefined table 42P01', wrapped(pgError('42P01'))],
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['a message that only mentions a connection', new Error('Connection terminated unexpectedly while parsing upload')],
]

describe('isRetryableDbError', () => {
  it.each(RETRYABLE)('%s is transient', (_, err) => expect(isRetryableDbError(err)).toBe(true))
  it.each(NOT_RETRYABLE)('%s is not', (_, err) => expect(isRetryableDbError(err)).toBe(false))
  it('is false for values that are not errors', () => {
    for (const v of [undefined, null, '40001', { code: '40001' }]) expect(isRetryableDbError(v)).toBe(false)
  })
})

describe('the answer to a transient database failure', () => {
  it.each(RETRYABLE)('%s: 503, Retry-After, translated retry message, no details', async (_, err) => {
    const { app, logs } = await testApp({ db: failingDb(err) })
    const res = await app.inject({ url: '/api/common/config', headers: { 'accept-language': 'zh-CN' } })
    await app.close()
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('1')
    expect(res.json()).toEqual({ code: CODE_RETRY_LATER, msg: serverMessage('zh-CN', 'retryLater'), data: null })
    expect(logs.join('\n')).not.toContain('"level":50') // a warning, not an error-level fault
  })

  it('other database errors stay a 500 without details', async () => {
    const { app } = await testApp({ db: failingDb(wrapped(pgError('23514'))) })
    const res = await app.inject({ url: '/api/common/config' })
    await app.close()
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ code: CODE_SERVER_ERROR, msg: serverMessage('en', 'serverError'), data: null })
  })
})

await describePostgres('real serialization failures and deadlocks', (open) => {
  it('a 40001 and a 40P01 raised by PostgreSQL through drizzle are recognized as transient', async () => {
    const database = await open()
    const { db } = database
    await db.execute(sql`create table retry_probe (id int primary key, n int not null)`)
    await db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`)
    try {
      expect(isRetryableDbError(await serializationFailure(db))).toBe(true)
      expect(isRetryableDbError(await deadlock(db))).toBe(true)
    } finally {
      await database.close()
    }
  })
})

/** Two SERIALIZABLE transactions that each read both rows and write one: the second commit must fail (40001). */
async function serializationFailure(db: Db): Promise<unknown> {
  const bothRead = gate(2)
  const run = (id: number) =>
    db.transaction(
      async (tx) => {
        await tx.execute(sql`select sum(n) from retry_probe`)
        await bothRead.arrive()
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${id}`)
      },
      { isolationLevel: 'serializable' },
    )
  return firstFailure(await Promise.allSettled([run(1), run(2)]), '40001')
}

/** Two transactions locking the two rows in opposite orders: PostgreSQL aborts one of them (40P01). */
async function deadlock(db: Db): Promise<unknown> {
  const bothLocked = gate(2)
  const run = (first: number, second: number) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`)
      await bothLocked.arrive()
      await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`)
    })
  return firstFailure(await Promise.allSettled([run(1, 2), run(2, 1)]), '40P01')
}

function firstFailure(results: PromiseSettledResult<unknown>[], code: string): unknown {
  const failed = results.find((r) => r.status === 'rejected')
  if (!failed || failed.status !== 'rejected') throw new Error(`expected one transaction to fail with ${code}`)
  expect((failed.reason as { cause?: { code?: string } }).cause?.code).toBe(code)
  return failed.reason
}

/** Resolves every `arrive()` once `n` callers have arrived. */
function gate(n: number) {
  let resolve!: () => void
  const all = new Promise<void>((r) => (resolve = r))
  let arrived = 0
  return {
    arrive() {
      if (++arrived === n) resolve()
      return all
    },
  }
}
