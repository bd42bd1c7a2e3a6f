/**
 * Upload abuse corpus (reliability S2) through the real `common/upload` route: what a caller notices is a clear
 * translated refusal and nothing stored, or a stored image that is a clean re-encoded JPEG under a server-made name.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from '../../common/api/identity'
import type { Database } from '../../server/db/client'
import { rateCounters, uploads } from '../../server/db/schema'
import { serverMessage } from '../../server/content/server-messages'
import { describePostgres, pgliteTestDb, type OpenDatabase } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { exifHasGps, fetchImage, jpeg, makeUser, pixelFloodPng, png, upload, type TestUser } from './identity-fixtures'

/** The suite on one database; `open` gives it a migrated, seeded one. */
function describeUploadAbuse(label: string, open: OpenDatabase): void {
  describe(`upload abuse corpus on ${label}`, () => {
    let database: Database
    let t: TestApp
    let dataDir: string
    let alice: TestUser

    beforeAll(async () => {
      database = await open()
      dataDir = mkdtempSync(join(tmpdir(), 'tc-upload-'))
      t = await testApp({ db: database.db, dataDir })
      alice = await makeUser(database.db)
    })
    afterAll(async () => {
      await t.app.close()
      await database.close()
    })

    const storedFiles = () => {
      try {
        return readdirSync(join(dataDir, 'uploads'))
      } catch {
        return []
      }
    }
    const rowCount = async () => (await database.db.select().from(uploads)).length

    /** Uploads `file` and expects a refusal with `key`'s message and nothing stored. */
    async function expectRefused(
      file: Buffer,
      key: Parameters<typeof serverMessage>[1],
      filename?: string,
      type?: string,
      lang = 'en',
    ) {
      const before = { files: storedFiles().length, rows: await rowCount() }
      const res = await upload(t.app, alice.token, file, filename, type, lang)
      expect(res.status).toBe(200)
      expect(res.body.code).not.toBe(1)
      expect(res.body.msg).toBe(serverMessage(lang as 'en', key))
      expect(storedFiles().length).toBe(before.files)
      expect(await rowCount()).toBe(before.rows)
    }

    describe('common/upload refuses what is not a plain JPEG/PNG image', () => {
      it('refuses an SVG with a script, even named .jpg and declared image/jpeg', async () => {
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
        await expectRefused(svg, 'uploadNotImage', 'cat.jpg', 'image/jpeg')
      })

      it('refuses PHP and HTML renamed .jpg', async () => {
        await expectRefused(Buffer.from('<?php system($_GET["c"]); ?>'), 'uploadNotImage', 'shell.php.jpg')
        await expectRefused(Buffer.from('<!doctype html><script>alert(1)</script>'), 'uploadNotImage', 'page.jpg')
      })

      it('refuses a file with JPEG magic bytes that does not decode', async () => {
        const fake = Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<html><script>alert(1)</script>'),
        ])
        await expectRefused(fake, 'uploadNotImage')
      })

      it('refuses an empty file', async () => {
        await expectRefused(Buffer.alloc(0), 'uploadEmpty')
      })

      it('refuses a file over 5 MiB with a translated message, not a server error', async () => {
        const big = Buffer.concat([await jpeg(), Buffer.alloc(UPLOAD_MAX_BYTES + 1 - (await jpeg()).length + 1, 0x41)])
        await expectRefused(big, 'uploadTooLarge', 'big.jpg', 'image/jpeg', 'zh-CN')
        expect(serverMessage('zh-CN', 'uploadTooLarge')).toContain('5 MB')
      })

      it('refuses a PNG whose header declares 50k × 50k before decoding it', async () => {
        const flood = pixelFloodPng()
        expect(flood.length).toBeLessThan(200)
        await expectRefused(flood, 'uploadTooManyPixels', 'flood.png', 'image/png')
      })

      it('answers a call without a session with 401 and stores nothing', async () => {
        const res = await upload(t.app, null, await jpeg())
        expect(res.status).toBe(401)
        expect(res.body.code).toBe(401)
        expect(await rowCount()).toBe(0)
      })

      it('refuses a JSON body (no file) with a clear message', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/common/upload',
          headers: { token: alice.token, 'content-type': 'application/json' },
          payload: { file: 'x' },
        })
        expect(res.json()).toMatchObject({ code: 422, msg: serverMessage('en', 'uploadNoFile') })
      })
    })

    describe('common/upload stores a clean copy', () => {
      it('re-encodes a JPEG/HTML polyglot so no markup survives', async () => {
        const base = await jpeg()
        // A comment segment carrying HTML right after SOI, plus HTML appended after EOI.
        const html = Buffer.from('<html><script>alert(document.domain)</script></html>')
        const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, html.length + 2]), html])
        const polyglot = Buffer.concat([base.subarray(0, 2), com, base.subarray(2), html])
        expect(polyglot.includes('<script>')).toBe(true)
        const res = await upload(t.app, alice.token, polyglot, 'x.html', 'text/html')
        expect(res.body.code).toBe(1)
        const [row] = await database.db.select().from(uploads)
        const stored = readFileSync(join(dataDir, 'uploads', row!.storageName))
        expect(stored.includes('<script>')).toBe(false)
        expect(stored.includes('<html>')).toBe(false)
        expect((await sharp(stored).metadata()).format).toBe('jpeg')
      })

      it('strips EXIF (GPS included) and applies the EXIF orientation', async () => {
        const original = await jpeg({ width: 64, height: 48, gps: true, orientation: 6 })
        const meta = await sharp(original).metadata()
        expect(meta.exif?.includes('VitestCam')).toBe(true)
        expect(exifHasGps(meta.exif)).toBe(true)
        expect(meta.orientation).toBe(6)
        const res = await upload(t.app, alice.token, original)
        expect(res.body.code).toBe(1)
        const [row] = (await database.db.select().from(uploads)).filter((u) => u.id === res.body.data.id)
        const stored = readFileSync(join(dataDir, 'uploads', row!.storageName))
        const after = await sharp(stored).metadata()
        expect(after.exif).toBeUndefined()
        expect(after.xmp).toBeUndefined()
        expect(stored.includes('VitestCam')).toBe(false)
        // Orientation 6 = rotate 90°: the stored picture is upright, 48 wide and 64 high.
        expect([after.width, after.height]).toEqual([48, 64])
        expect([row!.width, row!.height]).toEqual([48, 64])
      })

      it('stores a PNG as JPEG under a server-made name, whatever the filename says', async () => {
        const before = new Set(storedFiles())
        const res = await upload(t.app, alice.token, await png(), '../../x', 'application/x-php')
        expect(res.body.code).toBe(1)
        const added = storedFiles().filter((f) => !before.has(f))
        expect(added).toHaveLength(1)
        expect(added[0]).toMatch(/^[0-9a-f]{32}\.jpg$/)
        expect(readdirSync(dataDir).sort()).toEqual(['uploads'])
        const img = await fetchImage(t.app, res.body.data.fullurl)
        expect(img.status).toBe(200)
        expect(img.headers['content-type']).toBe('image/jpeg')
      })

      it('answers a signed URL that serves the image with nosniff and attachment', async () => {
        const res = await upload(t.app, alice.token, await jpeg({ color: '#00ff00' }))
        expect(res.body.data.fullurl).toMatch(/^\/api\/common\/image\?id=\d+&sid=\d+&exp=\d+&sig=[\w-]{43}$/)
        const img = await fetchImage(t.app, res.body.data.fullurl)
        expect(img.status).toBe(200)
        expect(img.headers['x-content-type-options']).toBe('nosniff')
        expect(img.headers['content-disposition']).toMatch(/^attachment/)
        expect(img.headers['cache-control']).toContain('no-store')
        expect((await sharp(img.raw).metadata()).format).toBe('jpeg')
      })
    })

    describe('per-user daily quota', () => {
      it('refuses uploads past the daily quota with 429 and Retry-After', async () => {
        const bob = await makeUser(database.db)
        const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000)
        await database.db.insert(rateCounters).values({ key: `upload:user:${bob.id}`, windowStart: day, count: 49 })
        expect((await upload(t.app, bob.token, await jpeg())).body.code).toBe(1)
        const res = await upload(t.app, bob.token, await jpeg(), undefined, undefined, 'ja')
        expect(res.status).toBe(429)
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
        expect(res.body.msg).toBe(serverMessage('ja', 'uploadQuota'))
        // Another user is not affected.
        expect((await upload(t.app, alice.token, await jpeg())).body.code).toBe(1)
      })
    })
  })
}

describeUploadAbuse('PGlite', () => pgliteTestDb())
await describePostgres('upload abuse corpus', (open) => describeUploadAbuse('PostgreSQL', open))
