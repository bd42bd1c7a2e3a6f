/**
 * The NATS server the bus tests run against (TEST_NATS_URL, else NATS_URL, else nats://127.0.0.1:4222, with
 * JetStream). `describeNats` registers a suite when it answers; otherwise one skipped test saying why, or under
 * CI=true one failing test (tests/helpers/prerequisites.ts). Every test works under its own subject prefix so
 * parallel runs on one server never hear each other; connections opened through `open` are closed after each test.
 */
import { randomBytes } from 'node:crypto'
import { jetstreamManager } from '@nats-io/jetstream'
import { afterAll, afterEach, describe, it } from 'vitest'
import { closeNats, connectNats, type NatsConnection } from '../../server/bus/nats'
import { MissingPrerequisite, skipReason } from './prerequisites'
import { createPgTestDatabase, type PgTestDatabase } from './server-db'

/** Where the tests find NATS. */
export const NATS_TEST_URL = process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222'

/** A fresh prefix `t<hex>`: subjects `t<hex>.tc.…`, stream `t<hex>_TC_USER_EVENTS`. */
export function testPrefix(): string {
  return `t${randomBytes(5).toString('hex')}`
}

/** Why NATS with JetStream cannot be used, or undefined when it can. */
async function natsProblem(): Promise<string | undefined> {
  let nc: NatsConnection | undefined
  try {
    nc = await connectNats({ url: NATS_TEST_URL, role: 'test-probe', timeoutMs: 2000 })
    await jetstreamManager(nc)
    return undefined
  } catch (err) {
    return `NATS with JetStream unreachable at ${NATS_TEST_URL}: ${(err as Error).message}`
  } finally {
    if (nc) await closeNats(nc)
  }
}

/** Opens connections for one test; all are closed after it. */
export type OpenNats = (role: string) => Promise<NatsConnection>

/**
 * Registers `suite` when NATS answers, giving it `open`; otherwise `"<title> on NATS"` with one skipped test (locally)
 * or one failing test (CI=true). Call with top-level await.
 */
export async function describeNats(title: string, suite: (open: OpenNats) => void): Promise<void> {
  const problem = await natsProblem()
  if (problem) {
    let reason: string
    try {
      reason = skipReason(problem)
    } catch (err) {
      if (!(err instanceof MissingPrerequisite)) throw err
      describe(`${title} on NATS`, () => {
        it('runs on NATS', () => {
          throw err
        })
      })
      return
    }
    describe(`${title} on NATS`, () => {
      it.skip(`skipped: ${reason}`, () => {})
    })
    return
  }
  describe(`${title} on NATS`, () => {
    const opened: NatsConnection[] = []
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((nc) => closeNats(nc, 1000)))
    })
    suite(async (role) => {
      const nc = await connectNats({ url: NATS_TEST_URL, role })
      opened.push(nc)
      return nc
    })
  })
}

/**
 * A suite of role processes (the cluster tests): a fresh PostgreSQL database of its own, dropped after the file (after
 * the suite's own afterAll stopped its processes, also when NATS is missing and the suite skips), and NATS. Skipped
 * saying why when either is missing — failing instead under CI=true (createPgTestDatabase, describeNats).
 */
export async function describeCluster(
  title: string,
  suite: (pg: PgTestDatabase, open: OpenNats) => void,
): Promise<void> {
  const pg = await createPgTestDatabase()
  if ('unavailable' in pg) {
    describe(`${title} on PostgreSQL`, () => {
      it.skip(`skipped: ${pg.unavailable}`, () => {})
    })
    return
  }
  afterAll(() => pg.drop())
  await describeNats(title, (open) => suite(pg, open))
}
