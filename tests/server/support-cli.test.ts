/**
 * `npm run admin` support commands: feedback list/show/reply, help list/add/remove, about set and announcements
 * remove change what the API answers, and refuse bad command lines (exit 2) and bad values (exit 1). A relative
 * `--file` works also when a running server executes the command.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runAdmin, wantsHelp } from '../../server/cli/admin-commands'
import { addAnnouncement } from '../../server/db/announcements'
import { runAdminCli, serverWithAdminSocket } from '../helpers/admin-cli'
import { pgliteApp } from '../helpers/server-app'
import { call, makeUser, type TestUser } from './support-fixtures'

const fx = pgliteApp()
let user: TestUser
beforeAll(async () => {
  user = await makeUser(fx.database.db)
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(fx.database.db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const tmp = mkdtempSync(join(tmpdir(), 'tc-support-cli-'))

describe('feedback commands', () => {
  it('lists, shows and replies; the user sees the reply', async () => {
    const sent = await call<{ id: number }>(fx.t.app, 'POST', 'feedback/submit', {
      token: user.token,
      body: { type: 'withdrawal', title: 'Withdrawal stuck', content: 'Line one\nLine two' },
    })
    const id = sent.body.data.id
    expect((await admin('feedback', 'list', '--status', 'replied')).out).toBe('(no feedback)')
    const waiting = await admin('feedback', 'list', '--status', 'waiting')
    expect(waiting.code).toBe(0)
    expect(waiting.out).toMatch(
      new RegExp(`^#${id} \\[waiting\\] .* UTC  withdrawal  ${user.email} \\(user #${user.id}\\)  Withdrawal stuck$`),
    )
    const shown = await admin('feedback', 'show', String(id))
    expect(shown.out).toContain('title: Withdrawal stuck')
    expect(shown.out).toContain('content:\n    Line one\n    Line two')
    expect(shown.out).toContain('reply: (none yet)')
    expect(await admin('feedback', 'reply', String(id), '--text', 'We sent it again.')).toMatchObject({
      code: 0,
      out: `replied to feedback #${id}`,
    })
    const seen = await call<{ status: string; reply: string }>(fx.t.app, 'GET', 'feedback/detail', {
      token: user.token,
      query: { id },
    })
    expect(seen.body.data).toMatchObject({ status: 'replied', reply: 'We sent it again.' })
    expect((await admin('feedback', 'show', String(id))).out).toMatch(/reply \(.* UTC\):\n {4}We sent it again\./)
  })

  it('refuses bad command lines and unknown ids', async () => {
    expect((await admin('feedback', 'list', '--status', 'open')).code).toBe(2)
    expect((await admin('feedback', 'show', 'abc')).code).toBe(2)
    expect((await admin('feedback', 'reply', '1')).code).toBe(2)
    expect(await admin('feedback', 'reply', '999999', '--text', 'hi')).toMatchObject({
      code: 1,
      err: 'error: no feedback #999999',
    })
    expect((await admin('feedback', 'reply', '1', '--text', '   ')).err).toMatch(/^error: --text: /)
  })
})

describe('help commands', () => {
  it('adds from --content or --file, translates with --id, lists and removes', async () => {
    const added = await admin('help', 'add', '--title', 'CLI article', '--content', '**hi**')
    expect(added.code).toBe(0)
    const id = Number(/#(\d+)/.exec(added.out)![1])
    const file = join(tmp, 'ko.md')
    writeFileSync(file, '## 안녕하세요\n\n본문')
    expect(
      (await admin('help', 'add', '--id', String(id), '--locale', 'ko', '--title', 'CLI 문서', '--file', file)).out,
    ).toBe(`saved help article #${id} (ko)`)
    const ko = await call<{ title: string; content: string }>(fx.t.app, 'GET', 'help/detail', {
      lang: 'ko',
      query: { id },
    })
    expect(ko.body.data).toMatchObject({ title: 'CLI 문서', content: '## 안녕하세요\n\n본문' })
    expect((await admin('help', 'list')).out).toMatch(new RegExp(`#${id}  sort \\d+  CLI article  \\(en ko\\)`))
    expect(await admin('help', 'remove', String(id))).toMatchObject({ code: 0, out: `removed help article #${id}` })
    expect((await call(fx.t.app, 'GET', 'help/detail', { query: { id } })).body.code).toBe(404)
    expect((await admin('help', 'remove', String(id))).code).toBe(1)
  })

  it('refuses a missing title, both or neither text source, bad locales and unreadable files', async () => {
    expect((await admin('help', 'add', '--content', 'x')).code).toBe(2)
    expect((await admin('help', 'add', '--title', 't')).code).toBe(2)
    expect((await admin('help', 'add', '--title', 't', '--content', 'x', '--file', 'y')).code).toBe(2)
    expect((await admin('help', 'add', '--title', 't', '--content', 'x', '--locale', 'fr')).code).toBe(2)
    expect((await admin('help', 'add', '--title', 't', '--file', join(tmp, 'missing.md'))).err).toMatch(
      /--file: cannot read .*ENOENT/,
    )
    expect((await admin('help', 'add', '--title', 't', '--content', 'x', '--id', '999999')).err).toBe(
      'error: no help article #999999',
    )
  })
})

describe('about and announcements commands', () => {
  it('about set replaces one language from a file, keeping its title unless --title is given', async () => {
    const file = join(tmp, 'about-es.md')
    writeFileSync(file, 'Somos **TC Market**.')
    expect(await admin('about', 'set', '--locale', 'es', '--file', file)).toMatchObject({
      code: 0,
      out: 'saved the about page (es)',
    })
    const es = await call<{ title: string; content: string }>(fx.t.app, 'GET', 'common/about', { lang: 'es' })
    expect(es.body.data).toMatchObject({ title: 'Sobre TC Market', content: 'Somos **TC Market**.' })
    await admin('about', 'set', '--locale', 'es', '--file', file, '--title', 'Quiénes somos')
    expect((await call<{ title: string }>(fx.t.app, 'GET', 'common/about', { lang: 'es' })).body.data.title).toBe(
      'Quiénes somos',
    )
    expect((await admin('about', 'set', '--file', file)).code).toBe(2)
  })

  it('announcements remove deletes one', async () => {
    const id = await addAnnouncement(fx.database.db, {
      translations: { en: { title: 'Old', summary: 's', content: 'c' } },
    })
    expect(await admin('announcements', 'remove', String(id))).toMatchObject({
      code: 0,
      out: `removed announcement #${id}`,
    })
    expect((await call(fx.t.app, 'GET', 'common/get_announcement_info', { query: { id } })).body.code).toBe(404)
    expect((await admin('announcements', 'remove', String(id))).code).toBe(1)
  })

  it('`help` alone prints the usage, `help list` and `help add` are commands', () => {
    expect(wantsHelp(['help'])).toBe(true)
    expect(wantsHelp(['help', 'list'])).toBe(false)
    expect(wantsHelp(['help', 'add', '--title', 't', '--content', 'c'])).toBe(false)
    expect(wantsHelp(['help', 'add', '--help'])).toBe(true)
  })

  it('the usage text lists the support commands', async () => {
    const help = await admin('nonsense', 'command')
    for (const c of [
      'feedback list',
      'feedback show',
      'feedback reply',
      'help list',
      'help add',
      'help remove',
      'about set',
      'announcements remove',
    ]) {
      expect(help.err).toContain(`  ${c}`)
    }
  })
})

describe('a relative --file through a running server', () => {
  it('is read from the directory the CLI was started in', async () => {
    const { server, dataDir } = await serverWithAdminSocket('tc-support-sock-')
    try {
      const cwd = mkdtempSync(join(tmpdir(), 'tc-support-cwd-'))
      writeFileSync(join(cwd, 'about.md'), 'Written from **elsewhere**.')
      const result = await runAdminCli(['about', 'set', '--locale', 'en', '--file', 'about.md'], { dataDir, cwd })
      expect(result).toMatchObject({ status: 0, stdout: 'saved the about page (en)\n', stderr: '' })
      const res = (await (await fetch(`${server.httpUrl}/api/common/about`)).json()) as { data: { content: string } }
      expect(res.data.content).toBe('Written from **elsewhere**.')
    } finally {
      await server.close()
    }
  }, 120_000)
})
