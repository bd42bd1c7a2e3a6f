/**
 * Feedback through the API, run on PGlite and on PostgreSQL (support-feedback-*.test.ts): a user's submit, list and
 * detail; another user's ids refused with nothing leaked (reliability A4); HTML kept as plain text; the operator's
 * reply; the spam brake, also under parallel submissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_PER_WINDOW } from '../../server/db/feedback'
import type { Database } from '../../server/db/client'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, makeUser, type TestUser } from './support-fixtures'

type Item = { id: number; type: string; title: string; status: string; created_at: string; replied_at: string | null }
type Detail = Item & { content: string; reply: string | null }
type Page<T> = { list: T[]; total: number; page: number; limit: number }

const XSS_TITLE = '<img src=x onerror=alert(1)> & "quotes"'
const XSS_CONTENT = '<script>alert(document.cookie)</script>\n\n[click](javascript:alert(1))\n<b>bold?</b>'

/** Registers the suite; `open` gives a migrated, seeded database. */
export function describeFeedback(label: string, open: () => Promise<Database>): void {
  describe(`feedback on ${label}`, () => {
    let database: Database
    let t: TestApp
    let alice: TestUser
    let bob: TestUser
    let operator: TestUser
    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      alice = await makeUser(database.db)
      bob = await makeUser(database.db)
      operator = await makeUser(database.db, 'operator')
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    const submit = (who: TestUser, body: unknown) =>
      call<{ id: number }>(t.app, 'POST', 'feedback/submit', { token: who.token, body })
    const list = (who: TestUser, query: Record<string, number> = {}) =>
      call<Page<Item>>(t.app, 'GET', 'feedback/list', { token: who.token, query })
    const detail = (who: TestUser, id: number, lang?: string) =>
      call<Detail | null>(t.app, 'GET', 'feedback/detail', {
        token: who.token,
        query: { id },
        ...(lang ? { lang } : {}),
      })

    it('a user submits feedback and sees it waiting in their list and its detail, HTML kept as plain text', async () => {
      const sent = await submit(alice, {
        type: 'withdrawal',
        title: `  ${XSS_TITLE}\nsecond line `,
        content: XSS_CONTENT,
      })
      expect(sent.body).toMatchObject({ code: 1 })
      const id = sent.body.data.id
      const mine = (await list(alice)).body.data
      expect(mine.total).toBe(1)
      expect(mine.list[0]).toMatchObject({ id, type: 'withdrawal', status: 'waiting', replied_at: null })
      // The title is one line: the line break folds into a space; nothing is escaped or stripped.
      expect(mine.list[0]!.title).toBe(`${XSS_TITLE} second line`)
      const d = (await detail(alice, id)).body
      expect(d.code).toBe(1)
      expect(d.data).toMatchObject({ id, content: XSS_CONTENT, reply: null, status: 'waiting' })
      expect(d.data!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    })

    it("another user's feedback id answers not found, and nothing of it is in the answer", async () => {
      const { id } = (
        await submit(alice, { type: 'account', title: 'Alice private title', content: 'Alice secret 4242' })
      ).body.data
      const res = await detail(bob, id, 'zh-CN')
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ code: 404, msg: '反馈不存在', data: null })
      const unknown = await detail(bob, 2_000_000_000)
      expect(unknown.body).toEqual({ code: 404, msg: 'Feedback not found', data: null })
      expect(JSON.stringify(res.body)).not.toMatch(/Alice/)
      expect((await list(bob)).body.data).toEqual({ list: [], total: 0, page: 1, limit: 20 })
    })

    it('extra fields (status, reply, user_id, id) in a submission are ignored', async () => {
      const res = await submit(bob, {
        type: 'coin',
        title: 'Mass assignment',
        content: 'body',
        status: 'replied',
        reply: 'forged reply',
        user_id: alice.id,
        userId: alice.id,
        id: 1,
      })
      expect(res.body.code).toBe(1)
      const d = (await detail(bob, res.body.data.id)).body.data!
      expect(d).toMatchObject({ status: 'waiting', reply: null, title: 'Mass assignment' })
      expect((await list(alice)).body.data.list.some((f) => f.title === 'Mass assignment')).toBe(false)
    })

    it('refuses bad input naming the field, and stores nothing', async () => {
      const before = (await list(bob)).body.data.total
      const cases: [unknown, string][] = [
        [{ title: 't', content: 'c' }, 'type'],
        [{ type: 'lottery', title: 't', content: 'c' }, 'type'],
        [{ type: 'coin', title: '   \n ', content: 'c' }, 'title'],
        [{ type: 'coin', title: 'x'.repeat(101), content: 'c' }, 'title'],
        [{ type: 'coin', title: 't', content: '' }, 'content'],
        [{ type: 'coin', title: 't', content: 'y'.repeat(2001) }, 'content'],
        [{ type: 'coin', title: 't', content: 42 }, 'content'],
      ]
      for (const [body, field] of cases) {
        const res = await submit(bob, body)
        expect(res.body.code, JSON.stringify(body)).toBe(422)
        expect((res.body.data as unknown as { field: string }).field).toBe(field)
      }
      // At the limits exactly it is accepted; control characters (NUL, ESC) are dropped rather than stored.
      const edge = await submit(bob, {
        type: 'other',
        title: 'x'.repeat(100),
        content: `a\u0000b\u001b[31mc${'y'.repeat(1990)}`,
      })
      expect(edge.body.code).toBe(1)
      expect((await detail(bob, edge.body.data.id)).body.data!.content).toBe(`ab[31mc${'y'.repeat(1990)}`)
      expect((await list(bob)).body.data.total).toBe(before + 1)
    })

    it('the operator replies: the user sees replied with the reply and its time; a second reply replaces it', async () => {
      const { id } = (await submit(alice, { type: 'deposit', title: 'Deposit missing', content: 'Sent 1 BTC' })).body
        .data
      const reply1 = await call(t.app, 'POST', 'admin/feedback_reply', {
        token: operator.token,
        body: { id, reply: '<b>Credited</b> now' },
      })
      expect(reply1.body).toMatchObject({
        code: 1,
        data: { id, status: 'replied', reply: '<b>Credited</b> now', account: alice.email },
      })
      const d1 = (await detail(alice, id)).body.data!
      expect(d1).toMatchObject({ status: 'replied', reply: '<b>Credited</b> now' })
      expect(d1.replied_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      await call(t.app, 'POST', 'admin/feedback_reply', {
        token: operator.token,
        body: { id, reply: 'Corrected answer' },
      })
      expect((await detail(alice, id)).body.data).toMatchObject({ status: 'replied', reply: 'Corrected answer' })
      const unknown = await call(t.app, 'POST', 'admin/feedback_reply', {
        token: operator.token,
        body: { id: 999_999, reply: 'x' },
      })
      expect(unknown.body.code).toBe(404)
      const empty = await call(t.app, 'POST', 'admin/feedback_reply', {
        token: operator.token,
        body: { id, reply: ' ' },
      })
      expect(empty.body).toMatchObject({ code: 422, data: { field: 'reply' } })
    })

    it('operators list feedback by state, with the author', async () => {
      const waiting = await call<Page<Detail & { account: string; user_id: number }>>(
        t.app,
        'GET',
        'admin/feedback_list',
        {
          token: operator.token,
          query: { status: 'waiting', limit: 50 },
        },
      )
      expect(waiting.body.code).toBe(1)
      expect(waiting.body.data.list.length).toBeGreaterThan(0)
      expect(waiting.body.data.list.every((f) => f.status === 'waiting')).toBe(true)
      expect(waiting.body.data.list.some((f) => f.user_id === alice.id && f.account === alice.email)).toBe(true)
      const replied = await call<Page<Detail>>(t.app, 'GET', 'admin/feedback_list', {
        token: operator.token,
        query: { status: 'replied' },
      })
      expect(replied.body.data.list.map((f) => f.title)).toEqual(['Deposit missing'])
      const bad = await call(t.app, 'GET', 'admin/feedback_list', {
        token: operator.token,
        query: { status: 'closed' },
      })
      expect(bad.body).toMatchObject({ code: 422, data: { field: 'status' } })
    })

    it('anonymous callers get 401, users get 403 on operator calls', async () => {
      for (const [method, path] of [
        ['GET', 'feedback/list'],
        ['POST', 'feedback/submit'],
        ['GET', 'feedback/detail'],
      ] as const) {
        const res = await call(t.app, method, path, {
          query: { id: 1 },
          body: { type: 'coin', title: 't', content: 'c' },
        })
        expect(res.status, path).toBe(401)
        expect(res.body.code).toBe(401)
      }
      const forged = await call(t.app, 'GET', 'feedback/list', { token: 'x'.repeat(43) })
      expect(forged.status).toBe(401)
      const asUser = await call(t.app, 'POST', 'admin/feedback_reply', {
        token: alice.token,
        body: { id: 1, reply: 'hi' },
      })
      expect(asUser.status).toBe(403)
      expect(asUser.body.code).toBe(403)
      expect((await detail(alice, 1)).body.data?.reply ?? null).not.toBe('hi')
    })

    it('pages the list newest first', async () => {
      const carol = await makeUser(database.db)
      for (let i = 1; i <= 5; i++) await submit(carol, { type: 'trade', title: `Q${i}`, content: 'c' })
      const p1 = (await list(carol, { page: 1, limit: 2 })).body.data
      expect(p1.total).toBe(5)
      expect(p1.list.map((f) => f.title)).toEqual(['Q5', 'Q4'])
      expect((await list(carol, { page: 3, limit: 2 })).body.data.list.map((f) => f.title)).toEqual(['Q1'])
    })

    it(`lets a user send ${FEEDBACK_PER_WINDOW} an hour, even in parallel, then answers 429 with Retry-After`, async () => {
      const dave = await makeUser(database.db)
      const results = await Promise.all(
        Array.from({ length: FEEDBACK_PER_WINDOW + 6 }, (_, i) =>
          submit(dave, { type: 'other', title: `Burst ${i}`, content: 'c' }),
        ),
      )
      const accepted = results.filter((r) => r.body.code === 1)
      const limited = results.filter((r) => r.status === 429)
      expect(accepted).toHaveLength(FEEDBACK_PER_WINDOW)
      expect(limited).toHaveLength(6)
      expect(limited[0]!.body.code).toBe(429)
      expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(3000)
      expect((await list(dave)).body.data.total).toBe(FEEDBACK_PER_WINDOW)
    })
  })
}
