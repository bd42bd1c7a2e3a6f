/** `npm run admin`: operator commands change what the public API answers, and refuse bad values. */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/cli/admin-commands'
import { getJson, pgliteApp } from '../helpers/server-app'

const fx = pgliteApp()

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(fx.database.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const config = async () => (await getJson<{ data: Record<string, unknown> }>(fx.t.app, '/api/common/config')).body.data

describe('admin config', () => {
  it('config set changes common/config', async () => {
    expect(await admin('config', 'set', 'web_maintain', '0')).toMatchObject({ code: 0, out: 'web_maintain=0' })
    expect(await admin('config', 'set', 'customer_url', 'https://t.me/tc_support')).toMatchObject({ code: 0 })
    expect(await admin('config', 'set', 'site_name', '  Demo Market ')).toMatchObject({
      code: 0,
      out: 'site_name=Demo Market',
    })
    expect(await config()).toMatchObject({
      web_maintain: 0,
      customer_url: 'https://t.me/tc_support',
      site_name: 'Demo Market',
    })
    expect((await admin('config', 'get', 'web_maintain')).out).toBe('0')
    expect((await admin('config', 'get')).out.split('\n')).toEqual([
      'web_maintain=0',
      'customer_url=https://t.me/tc_support',
      'site_name=Demo Market',
      'invite_required=0',
    ])
    await admin('config', 'set', 'web_maintain', '1')
    expect((await config()).web_maintain).toBe(1)
  })

  it('refuses bad values and unknown keys, leaving the setting as it was', async () => {
    const bad = await admin('config', 'set', 'web_maintain', 'off')
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(/^error: web_maintain: expected an integer/)
    expect((await admin('config', 'set', 'customer_url', 'javascript:alert(1)')).err).toMatch(/customer_url: /)
    expect((await admin('config', 'set', 'site_name', '   ')).code).toBe(1)
    expect((await admin('config', 'set', 'colour', 'red')).code).toBe(2)
    expect((await admin('config', 'get', 'colour')).err).toMatch(/unknown setting "colour"/)
    expect((await config()).web_maintain).toBe(1)
  })
})

describe('admin announcements and markets', () => {
  it('adds an announcement that readers of that language see first when pinned', async () => {
    const added = await admin(
      'announcements',
      'add',
      '--title',
      'メンテナンスのお知らせ',
      '--summary',
      '短い説明',
      '--content',
      '本文',
      '--locale',
      'ja',
      '--pinned',
    )
    expect(added).toMatchObject({ code: 0, out: expect.stringMatching(/^added announcement #\d+ \(ja\)$/) as unknown })
    const list = (
      await getJson<{ data: { list: { title: string; pinned: boolean }[] } }>(
        fx.t.app,
        '/api/common/get_announcement',
        'ja',
      )
    ).body.data.list
    expect(list[0]).toMatchObject({ title: 'メンテナンスのお知らせ', pinned: true })
    expect((await admin('announcements', 'list')).out).toMatch(/\[pinned\].*メンテナンスのお知らせ\s+\(ja\)/)
  })

  it('rejects an announcement without a title or with an unknown language', async () => {
    expect((await admin('announcements', 'add', '--summary', 's', '--content', 'c')).err).toMatch(/--title is required/)
    expect(
      (await admin('announcements', 'add', '--title', 't', '--summary', 's', '--content', 'c', '--locale', 'fr')).code,
    ).toBe(2)
  })

  it('lists markets in display order', async () => {
    const { code, out } = await admin('markets', 'list')
    expect(code).toBe(0)
    expect(out.split('\n')[0]).toMatch(/^\s+1\s+btcusdt\s+spot\s+BTC\/USDT\s+price 2 dp/)
    expect(out).toContain('BTC-USDT')
  })

  it('answers an unknown command with the usage', async () => {
    const r = await admin('users', 'delete')
    expect(r.code).toBe(2)
    expect(r.err).toContain('Usage: npm run admin -- <command>')
  })
})

describe('the admin process', () => {
  // Three processes that each start tsx and PGlite (migrations on an empty DATA_DIR): seconds each, many more on a
  // 2-core machine busy with the other test files (30 s was exceeded once).
  it('prints --help, and changes a setting in DATA_DIR that a later run reads', () => {
    const help = spawnSync('npx', ['tsx', 'server/cli/admin.ts', '--help'], { encoding: 'utf8', timeout: 60_000 })
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('config set <key> <value>')
    const env = { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-admin-')) }
    const set = spawnSync('npx', ['tsx', 'server/cli/admin.ts', 'config', 'set', 'site_name', 'Night Market'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(set.status).toBe(0)
    const get = spawnSync('npx', ['tsx', 'server/cli/admin.ts', 'config', 'get', 'site_name'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(get.stdout.trim()).toBe('Night Market')
  }, 180_000)
})
