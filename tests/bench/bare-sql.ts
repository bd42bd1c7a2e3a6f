/**
 * The bare-SQL baselines' transaction (`npm run bench` rows "vs bare SQL"): one pooled node-postgres client, `begin`,
 * the caller's statements, `commit`; `rollback` and the error again when one fails; the client back to the pool.
 */
import type pg from 'pg'

/** Runs `fn` on a client of `pool` inside one transaction; answers its value. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    const value = await fn(client)
    await client.query('commit')
    return value
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  } finally {
    client.release()
  }
}
