/**
 * Where identity photos live: DATA_DIR and its uploads folder are owner-only (0700) whatever the umask or an older,
 * wider mode; upload files that no row names (left by a crash between writing the file and its row) are removed at
 * start once older than an upload in flight, while files with rows, fresh files and foreign files stay.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { launchServer } from '../../server/http/launch'
import { uploads } from '../../server/db/schema'
import { ORPHAN_GRACE_MS, sweepOrphanUploads } from '../../server/uploads/sweep'
import { newStorageName, uploadsDir, writeUpload } from '../../server/uploads/store'
import { pgliteTemplateClient, pgliteTestDb } from '../helpers/server-db'
import { fakeStartMarket } from '../helpers/server-fake-market'
import { makeUser } from '../helpers/server-users'

const mode = (p: string) => statSync(p).mode & 0o777

describe('upload storage', () => {
  it('the server makes DATA_DIR 0700 (even under umask 000) and narrows an existing wider one', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'tc-datadir-'))
    const fresh = join(parent, 'new', 'data')
    const old = process.umask(0)
    try {
      const server = await launchServer(
        parseConfig({ HOST: '127.0.0.1', PORT: '0', MARKET_PORT: '0', DATA_DIR: fresh }),
        {
          startMarket: fakeStartMarket().startMarket,
          database: { pglite: await pgliteTemplateClient() },
          distDir: mkdtempSync(join(tmpdir(), 'tc-nodist-')),
          log: () => {},
        },
      )
      await server.close()
    } finally {
      process.umask(old)
    }
    expect(mode(fresh)).toBe(0o700)

    const wide = join(parent, 'wide')
    mkdirSync(wide)
    chmodSync(wide, 0o755)
    const server = await launchServer(parseConfig({ HOST: '127.0.0.1', PORT: '0', MARKET_PORT: '0', DATA_DIR: wide }), {
      startMarket: fakeStartMarket().startMarket,
      database: { pglite: await pgliteTemplateClient() },
      distDir: mkdtempSync(join(tmpdir(), 'tc-nodist-')),
      log: () => {},
    })
    await server.close()
    expect(mode(wide)).toBe(0o700)
  }, 120_000)

  it('the uploads folder is made 0700 and its files 0600', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-up-'))
    const name = newStorageName()
    const old = process.umask(0)
    try {
      await writeUpload(dataDir, name, Buffer.from('x'))
    } finally {
      process.umask(old)
    }
    expect(mode(uploadsDir(dataDir))).toBe(0o700)
    expect(mode(join(uploadsDir(dataDir), name))).toBe(0o600)
  })

  it('sweeps files without a row once past the grace period; keeps files with rows, fresh ones and foreign names', async () => {
    const database = await pgliteTestDb()
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'tc-sweep-'))
      const user = await makeUser(database.db)
      const kept = newStorageName()
      const orphan = newStorageName()
      const inFlight = newStorageName()
      for (const n of [kept, orphan, inFlight]) await writeUpload(dataDir, n, Buffer.from('photo'))
      writeFileSync(join(uploadsDir(dataDir), 'README.txt'), 'not ours')
      await database.db
        .insert(uploads)
        .values({ userId: user.id, storageName: kept, mime: 'image/jpeg', width: 1, height: 1, bytes: 5 })
      const past = (Date.now() - ORPHAN_GRACE_MS - 60_000) / 1000
      for (const n of [kept, orphan]) utimesSync(join(uploadsDir(dataDir), n), past, past)

      expect(await sweepOrphanUploads(database.db, dataDir)).toEqual([orphan])
      const present = (n: string) => existsSync(join(uploadsDir(dataDir), n))
      expect([present(kept), present(orphan), present(inFlight), present('README.txt')]).toEqual([
        true,
        false,
        true,
        true,
      ])
    } finally {
      await database.close()
    }
  }, 120_000)

  it('runs the sweep when the server starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-sweep-start-'))
    const orphan = newStorageName()
    await writeUpload(dataDir, orphan, Buffer.from('photo'))
    const past = (Date.now() - ORPHAN_GRACE_MS - 60_000) / 1000
    utimesSync(join(uploadsDir(dataDir), orphan), past, past)
    const lines: string[] = []
    const server = await launchServer(
      parseConfig({ HOST: '127.0.0.1', PORT: '0', MARKET_PORT: '0', DATA_DIR: dataDir }),
      {
        startMarket: fakeStartMarket().startMarket,
        database: { pglite: await pgliteTemplateClient() },
        distDir: mkdtempSync(join(tmpdir(), 'tc-nodist-')),
        log: (l) => void lines.push(l),
      },
    )
    await server.close()
    expect(existsSync(join(uploadsDir(dataDir), orphan))).toBe(false)
    expect(lines).toContain('[uploads] removed 1 orphaned file(s) without a row')
  }, 120_000)
})
