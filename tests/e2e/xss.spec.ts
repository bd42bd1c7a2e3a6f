/**
 * XSS through the real render path (reliability F1): every vector of ./xss-corpus is saved by an operator through
 * the API as an announcement, a help article and the about page (one vector per save, so a vector that swallows the
 * rest of a document cannot hide another), and as feedback title, content and reply; each screen is then opened in
 * Chromium through its real route. Three detectors must stay silent: alert/confirm/prompt/print hooked before the
 * app runs (and any dialog of any frame), `securitypolicyviolation` events on elements of the live page (the CSP
 * blocks inline script, so a handler that slipped past the sanitizer shows up here even though it cannot run), and
 * a DOM audit of what the Markdown container holds
 * (no script-capable elements, no event-handler or style attributes, only http(s)/mailto links opening with
 * noopener, only same-origin or https images). Positive controls first prove each detector fires.
 */
import type { Page } from '@playwright/test'
import { cleanText } from '../../common/api/support'
import { shot } from './context'
import { expect, test, type PhoneOptions } from './fixtures'
import { api, newUser, operatorToken } from './sessions'
import { XSS_VECTORS } from './xss-corpus'

/** Runs before any script of every page: records alert-family calls and CSP violations in `window.__xss`. */
const HOOKS = `(function () {
  var hits = [];
  Object.defineProperty(window, '__xss', { value: hits });
  ['alert', 'confirm', 'prompt', 'print'].forEach(function (name) {
    window[name] = function () { hits.push(name + '(' + Array.prototype.join.call(arguments, ',') + ')'); return null; };
  });
  document.addEventListener('securitypolicyviolation', function (e) {
    // Chromium also reports inline handlers it merely parses in an inert document (DOMParser, which the sanitizer
    // uses): those target the document and run nothing. A handler in the live page targets its element.
    if (e.target === document) return;
    hits.push('csp ' + e.effectiveDirective + ' ' + e.blockedURI + ' <' + (e.target && e.target.nodeName) + '>');
  }, true);
})();`

interface Probe {
  page: Page
  /** Dialogs opened by any frame (a frame's own alert is not hooked). */
  dialogs: string[]
}

/** A fresh phone with the detectors installed before any script of every page. */
async function openProbe(phone: (opts?: PhoneOptions) => Promise<Page>, token?: string): Promise<Probe> {
  const page = await phone(token ? { session: { token } } : {})
  const context = page.context()
  await context.addInitScript({ content: HOOKS })
  const dialogs: string[] = []
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())))
  page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()))
  return { page, dialogs }
}

/** Detector hits so far: hooked calls and CSP violations (images blocked by img-src are not executions). */
async function hits(probe: Probe): Promise<string[]> {
  const recorded = await probe.page.evaluate(() => [...((window as unknown as { __xss?: string[] }).__xss ?? [])])
  return [...recorded.filter((h) => !h.startsWith('csp img-src')), ...probe.dialogs.map((d) => `dialog ${d}`)]
}

/**
 * Waits until every image and frame of the page has finished (loaded or failed) and the page has painted once
 * more, so their load/error handlers — had any survived — have run and been reported.
 */
async function mediaSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      [...document.querySelectorAll('img, iframe')].map((el) =>
        el instanceof HTMLImageElement && el.complete
          ? Promise.resolve()
          : new Promise((done) => {
              el.addEventListener('load', done, { once: true })
              el.addEventListener('error', done, { once: true })
            }),
      ),
    ).then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))),
  )
}

/** What the Markdown containers hold that they must not. Plain expressions only inside evaluate (tsx helpers). */
function auditMarkdown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banned = new Set([
      'script',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'style',
      'link',
      'meta',
      'base',
      'frame',
      'frameset',
      'template',
      'video',
      'audio',
      'source',
      'noscript',
    ])
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll('.md *'))) {
      const tag = el.tagName.toLowerCase()
      if (banned.has(tag)) out.push(`<${tag}>`)
      for (const a of Array.from(el.attributes)) {
        const n = a.name.toLowerCase()
        if (
          n.startsWith('on') ||
          [
            'style',
            'srcdoc',
            'action',
            'formaction',
            'background',
            'poster',
            'srcset',
            'xlink:href',
            'id',
            'name',
          ].includes(n)
        ) {
          out.push(`<${tag} ${n}>`)
        }
        if (n === 'href' || n === 'src') {
          let url: URL | null
          try {
            url = new URL(a.value, location.href)
          } catch {
            url = null
          }
          const ok =
            url !== null &&
            (n === 'href'
              ? ['http:', 'https:', 'mailto:'].includes(url.protocol)
              : url.protocol === 'https:' || url.origin === location.origin)
          if (!ok) out.push(`<${tag} ${n}="${a.value}">`)
        }
      }
      if (tag === 'a' && el.hasAttribute('href')) {
        const rel = el.getAttribute('rel') ?? ''
        if (el.getAttribute('target') !== '_blank' || !rel.includes('noopener') || !rel.includes('noreferrer')) {
          out.push(`<a href> without target=_blank rel="noopener noreferrer"`)
        }
      }
    }
    return out
  })
}

/**
 * Opens `path` through the app's router, as a link would (the router observes pushState), and waits until
 * `titleSelector` shows `title` and the Markdown has rendered, then until its images and frames have settled.
 */
async function render(probe: Probe, path: string, titleSelector: string, title: string): Promise<void> {
  await probe.page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1
    history.pushState({ __TSR_index: index, key: Math.random().toString(36).slice(2) }, '', to)
  }, path)
  await expect(probe.page.locator(titleSelector, { hasText: new RegExp(`^${title}$`) }).first()).toBeVisible()
  await expect(probe.page.locator('.md:not([aria-busy])').first()).toBeAttached()
  await mediaSettled(probe.page)
}

/** Fails with the vectors that set off a detector or left something in the DOM. */
function report(surface: string, failures: string[]): void {
  expect(
    failures,
    `${surface}: ${failures.length} problem(s):\n      ${failures.slice(0, 12).join('\n      ')}`,
  ).toEqual([])
}

test('XSS detectors fire on a positive control (hooked alert, CSP report of an unsanitized handler)', async ({
  phone,
}) => {
  const probe = await openProbe(phone)
  await probe.page.goto('/about-us')
  await expect(probe.page.locator('.md:not([aria-busy])').first()).toBeAttached()
  await probe.page.evaluate(() => {
    window.alert('control')
    // What an unsanitized render would do: the CSP blocks the handler and reports it.
    document.querySelector('.md')!.insertAdjacentHTML('beforeend', '<img src="/nope" onerror="alert(2)">')
  })
  await expect.poll(() => hits(probe), { message: 'the alert hook saw the call' }).toContain('alert(control)')
  await expect
    .poll(async () => (await hits(probe)).some((h) => h.startsWith('csp script-src')), {
      message: 'a CSP report for the inline handler',
    })
    .toBe(true)
  expect(
    (await auditMarkdown(probe.page)).some((p) => p.includes('onerror')),
    'the DOM audit sees the onerror attribute',
  ).toBe(true)
})

test(`${XSS_VECTORS.length} XSS vectors in an announcement, a help article and the about page: 0 executions`, async ({
  phone,
  server,
}) => {
  test.setTimeout(600_000) // about 260 renders
  const op = await operatorToken(server)
  const aboutBefore = await api<{ title: string; content: string }>(server, 'GET', 'common/about')
  const probe = await openProbe(phone)
  const failures: string[] = []
  // Two announcements and two help articles, used in turn, so every render is a navigation to a new URL.
  const announcementIds: number[] = []
  const helpIds: number[] = []
  try {
    for (const slot of [0, 1]) {
      const ann = await api<{ id: number }>(
        server,
        'POST',
        'admin/announcement_save',
        { locale: 'en', title: `XSS slot ${slot}`, summary: 's', content: 'c' },
        op,
      )
      const help = await api<{ id: number }>(
        server,
        'POST',
        'admin/help_save',
        { locale: 'en', title: `XSS slot ${slot}`, content: 'c' },
        op,
      )
      expect([ann.code, help.code], `creating the probes: ${ann.msg} ${help.msg}`).toEqual([1, 1])
      announcementIds.push(ann.data.id)
      helpIds.push(help.data.id)
    }
    await probe.page.goto('/notice-center')
    await expect(probe.page.locator('.notice-list__item').first()).toBeVisible()
    for (const [i, vector] of XSS_VECTORS.entries()) {
      const title = `XSS probe ${i}`
      const announcementId = announcementIds[i % 2]!
      const helpId = helpIds[i % 2]!
      const saves = await Promise.all([
        api(
          server,
          'POST',
          'admin/announcement_save',
          { id: announcementId, locale: 'en', title, summary: vector, content: vector },
          op,
        ),
        api(server, 'POST', 'admin/help_save', { id: helpId, locale: 'en', title, content: vector }, op),
        api(server, 'POST', 'admin/about_save', { locale: 'en', title, content: vector }, op),
      ])
      expect(
        saves.map((r) => r.code),
        `saving vector ${i}: ${saves.map((r) => r.msg).join(', ')}`,
      ).toEqual([1, 1, 1])
      const screens: [string, string, string][] = [
        ['notice', `/notice-details?id=${announcementId}`, '.notice__title'],
        ['help', `/help-details?id=${helpId}`, '.sp-article__title'],
        ['about', '/about-us', '.sp-article__title'],
      ]
      for (const [surface, path, titleSelector] of screens) {
        await render(probe, path, titleSelector, title)
        for (const h of await hits(probe)) failures.push(`${surface} #${i} ${JSON.stringify(vector)} → ${h}`)
        for (const p of await auditMarkdown(probe.page))
          failures.push(`${surface} #${i} ${JSON.stringify(vector)} → ${p}`)
        await probe.page.evaluate(() => void ((window as unknown as { __xss: string[] }).__xss.length = 0))
        probe.dialogs.length = 0
      }
    }
    // The last vector once more with a full page load of each screen, as a user opening a link would.
    for (const path of [`/notice-details?id=${announcementIds[(XSS_VECTORS.length - 1) % 2]}`, '/about-us']) {
      await probe.page.goto(path)
      await expect(probe.page.locator('.md:not([aria-busy])').first()).toBeAttached()
      await mediaSettled(probe.page)
      for (const h of await hits(probe)) failures.push(`${path} (full load) → ${h}`)
    }
    // The notice list shows the summary (a vector) as text.
    await probe.page.goto('/notice-center')
    await expect(probe.page.locator('.notice-list__item').first()).toBeVisible()
    await mediaSettled(probe.page)
    for (const h of await hits(probe)) failures.push(`notice list → ${h}`)
    await shot(probe.page, 'xss-notice-list-390')
  } finally {
    for (const id of announcementIds) await api(server, 'POST', 'admin/announcement_delete', { id }, op)
    for (const id of helpIds) await api(server, 'POST', 'admin/help_delete', { id }, op)
    if (aboutBefore.code === 1) await api(server, 'POST', 'admin/about_save', { locale: 'en', ...aboutBefore.data }, op)
  }
  report('Markdown screens', failures)
})

test('XSS vectors as feedback title, content and operator reply stay text: 0 executions', async ({ phone, server }) => {
  test.slow() // twenty operator and user calls, eleven screens
  const op = await operatorToken(server)
  const user = (await newUser(server, 'xss')).token
  // Ten feedback (the per-user hourly cap), each carrying a tenth of the corpus in its content and reply.
  const chunks = Array.from({ length: 10 }, (_, k) => XSS_VECTORS.filter((_, i) => i % 10 === k))
  const sent: { id: number; title: string; content: string }[] = []
  for (const chunk of chunks) {
    const title = cleanText(chunk[0]!, true).slice(0, 100).trim()
    const content = chunk.join('\n\n')
    const res = await api<{ id: number }>(server, 'POST', 'feedback/submit', { type: 'other', title, content }, user)
    expect(res, `feedback/submit: ${res.msg}`).toMatchObject({ code: 1 })
    const reply = await api(server, 'POST', 'admin/feedback_reply', { id: res.data.id, reply: content }, op)
    expect(reply, `feedback_reply: ${reply.msg}`).toMatchObject({ code: 1 })
    sent.push({ id: res.data.id, title, content: cleanText(content) })
  }
  const probe = await openProbe(phone, user)
  const failures: string[] = []
  await probe.page.goto('/feedlist')
  await expect(probe.page.locator('.fb-row__title')).toHaveCount(sent.length)
  await mediaSettled(probe.page)
  const titles = await probe.page.locator('.fb-row__title').allTextContents()
  for (const f of sent)
    if (!titles.includes(f.title)) failures.push(`list lacks the literal title ${JSON.stringify(f.title)}`)
  for (const h of await hits(probe)) failures.push(`feedback list → ${h}`)
  await shot(probe.page, 'xss-feedlist-390')
  for (const f of sent) {
    await probe.page.goto(`/feedback-details?id=${f.id}`)
    await expect(probe.page.locator('.fb-reply')).toBeVisible()
    await mediaSettled(probe.page)
    const shown = await probe.page.evaluate(() => ({
      title: document.querySelector('.fb-msg__title')?.textContent ?? '',
      texts: Array.from(document.querySelectorAll('.fb-msg__text')).map((el) => el.textContent ?? ''),
      elements: Array.from(document.querySelectorAll('.fb-msg__title, .fb-msg__text')).reduce(
        (n, el) => n + el.childElementCount,
        0,
      ),
    }))
    if (shown.title !== f.title) failures.push(`#${f.id} title shown as ${JSON.stringify(shown.title)}`)
    if (shown.texts[0] !== f.content || shown.texts[1] !== f.content)
      failures.push(`#${f.id} content or reply not shown verbatim`)
    if (shown.elements !== 0) failures.push(`#${f.id}: ${shown.elements} element(s) inside text fields`)
    for (const h of await hits(probe)) failures.push(`feedback #${f.id} → ${h}`)
  }
  await shot(probe.page, 'xss-feedback-details-390')
  report('feedback screens', failures)
})
