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
import type { BrowserContext, Page } from 'playwright-core'
import { cleanText } from '../../common/api/support'
import { launchPhone } from '../helpers/browser'
import type { E2E } from './context'
import { shot } from './context'
import type { Step } from './harness'
import { check } from './harness'
import { api, operatorToken, userToken } from './sessions'
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
  context: BrowserContext
  page: Page
  /** Dialogs opened by any frame (a frame's own alert is not hooked). */
  dialogs: string[]
}

async function openProbe(token?: string): Promise<Probe> {
  const context = await launchPhone()
  await context.addInitScript({ content: HOOKS })
  if (token) await context.addInitScript({ content: `localStorage.setItem('LOGIN_TOKEN', ${JSON.stringify(JSON.stringify(token))});` })
  const page = context.pages()[0] ?? (await context.newPage())
  const dialogs: string[] = []
  context.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())))
  page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()))
  return { context, page, dialogs }
}

/** Detector hits so far: hooked calls and CSP violations (images blocked by img-src are not executions). */
async function hits(probe: Probe): Promise<string[]> {
  const recorded = await probe.page.evaluate(() => [...((window as unknown as { __xss?: string[] }).__xss ?? [])])
  return [...recorded.filter((h) => !h.startsWith('csp img-src')), ...probe.dialogs.map((d) => `dialog ${d}`)]
}

/** What the Markdown containers hold that they must not. Plain expressions only inside evaluate (tsx helpers). */
function auditMarkdown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banned = new Set(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input', 'button', 'textarea',
      'select', 'style', 'link', 'meta', 'base', 'frame', 'frameset', 'template', 'video', 'audio', 'source', 'noscript'])
    const out: string[] = []
    for (const el of Array.from(document.querySelectorAll('.md *'))) {
      const tag = el.tagName.toLowerCase()
      if (banned.has(tag)) out.push(`<${tag}>`)
      for (const a of Array.from(el.attributes)) {
        const n = a.name.toLowerCase()
        if (n.startsWith('on') || ['style', 'srcdoc', 'action', 'formaction', 'background', 'poster', 'srcset', 'xlink:href', 'id', 'name'].includes(n)) {
          out.push(`<${tag} ${n}>`)
        }
        if (n === 'href' || n === 'src') {
          let url: URL | null = null
          try {
            url = new URL(a.value, location.href)
          } catch {
            url = null
          }
          const ok = url !== null && (n === 'href'
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
 * `titleSelector` shows `title` and the Markdown has rendered, then lets image and frame events fire.
 */
async function render(probe: Probe, path: string, titleSelector: string, title: string): Promise<void> {
  await probe.page.evaluate((to) => {
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1
    history.pushState({ __TSR_index: index, key: Math.random().toString(36).slice(2) }, '', to)
  }, path)
  await probe.page.locator(titleSelector, { hasText: new RegExp(`^${title}$`) }).first().waitFor({ timeout: 15_000 })
  await probe.page.waitForSelector('.md:not([aria-busy])', { state: 'attached', timeout: 15_000 })
  await probe.page.waitForTimeout(200) // onerror/onload of images and frames
}

/** Fails with the vectors that set off a detector or left something in the DOM. */
function report(surface: string, failures: string[]): void {
  check(failures.length === 0, `${surface}: ${failures.length} problem(s):\n      ${failures.slice(0, 12).join('\n      ')}`)
}

export function xssSteps(e: () => E2E): Step[] {
  return [
    {
      name: 'XSS detectors fire on a positive control (hooked alert, CSP report of an unsanitized handler)',
      run: async () => {
        const probe = await openProbe()
        try {
          await probe.page.goto(`${e().server.url}/about-us`)
          await probe.page.waitForSelector('.md:not([aria-busy])', { state: 'attached', timeout: 15_000 })
          await probe.page.evaluate(() => {
            window.alert('control')
            // What an unsanitized render would do: the CSP blocks the handler and reports it.
            document.querySelector('.md')!.insertAdjacentHTML('beforeend', '<img src="/nope" onerror="alert(2)">')
          })
          await probe.page.waitForTimeout(500)
          const found = await hits(probe)
          check(found.includes('alert(control)'), `the alert hook missed a call: ${JSON.stringify(found)}`)
          check(found.some((h) => h.startsWith('csp script-src')), `no CSP report for an inline handler: ${JSON.stringify(found)}`)
          check((await auditMarkdown(probe.page)).some((p) => p.includes('onerror')), 'the DOM audit missed an onerror attribute')
        } finally {
          await probe.context.close()
        }
      },
    },
    {
      name: `${XSS_VECTORS.length} XSS vectors in an announcement, a help article and the about page: 0 executions`,
      run: async () => {
        const ctx = e()
        const op = await operatorToken(ctx)
        const aboutBefore = await api<{ title: string; content: string }>(ctx, 'GET', 'common/about')
        const probe = await openProbe()
        const failures: string[] = []
        // Two announcements and two help articles, used in turn, so every render is a navigation to a new URL.
        const announcementIds: number[] = []
        const helpIds: number[] = []
        try {
          for (const slot of [0, 1]) {
            const ann = await api<{ id: number }>(ctx, 'POST', 'admin/announcement_save', {
              locale: 'en', title: `XSS slot ${slot}`, summary: 's', content: 'c',
            }, op)
            const help = await api<{ id: number }>(ctx, 'POST', 'admin/help_save', { locale: 'en', title: `XSS slot ${slot}`, content: 'c' }, op)
            check(ann.code === 1 && help.code === 1, `creating the probes: ${ann.msg} ${help.msg}`)
            announcementIds.push(ann.data.id)
            helpIds.push(help.data.id)
          }
          await probe.page.goto(`${ctx.server.url}/notice-center`)
          await probe.page.waitForSelector('.notice-list__item', { timeout: 15_000 })
          for (const [i, vector] of XSS_VECTORS.entries()) {
            const title = `XSS probe ${i}`
            const announcementId = announcementIds[i % 2]!
            const helpId = helpIds[i % 2]!
            const saves = await Promise.all([
              api(ctx, 'POST', 'admin/announcement_save', { id: announcementId, locale: 'en', title, summary: vector, content: vector }, op),
              api(ctx, 'POST', 'admin/help_save', { id: helpId, locale: 'en', title, content: vector }, op),
              api(ctx, 'POST', 'admin/about_save', { locale: 'en', title, content: vector }, op),
            ])
            check(saves.every((r) => r.code === 1), `saving vector ${i}: ${saves.map((r) => r.msg).join(', ')}`)
            const screens: [string, string, string][] = [
              ['notice', `/notice-details?id=${announcementId}`, '.notice__title'],
              ['help', `/help-details?id=${helpId}`, '.sp-article__title'],
              ['about', '/about-us', '.sp-article__title'],
            ]
            for (const [surface, path, titleSelector] of screens) {
              await render(probe, path, titleSelector, title)
              for (const h of await hits(probe)) failures.push(`${surface} #${i} ${JSON.stringify(vector)} → ${h}`)
              for (const p of await auditMarkdown(probe.page)) failures.push(`${surface} #${i} ${JSON.stringify(vector)} → ${p}`)
              await probe.page.evaluate(() => void ((window as unknown as { __xss: string[] }).__xss.length = 0))
              probe.dialogs.length = 0
            }
          }
          // The last vector once more with a full page load of each screen, as a user opening a link would.
          for (const path of [`/notice-details?id=${announcementIds[(XSS_VECTORS.length - 1) % 2]}`, '/about-us']) {
            await probe.page.goto(ctx.server.url + path)
            await probe.page.waitForSelector('.md:not([aria-busy])', { state: 'attached', timeout: 15_000 })
            await probe.page.waitForTimeout(300)
            for (const h of await hits(probe)) failures.push(`${path} (full load) → ${h}`)
          }
          // The notice list shows the summary (a vector) as text.
          await probe.page.goto(`${ctx.server.url}/notice-center`)
          await probe.page.waitForSelector('.notice-list__item')
          await probe.page.waitForTimeout(300)
          for (const h of await hits(probe)) failures.push(`notice list → ${h}`)
          await shot(probe.page, 'xss-notice-list-390')
        } finally {
          for (const id of announcementIds) await api(ctx, 'POST', 'admin/announcement_delete', { id }, op)
          for (const id of helpIds) await api(ctx, 'POST', 'admin/help_delete', { id }, op)
          if (aboutBefore.code === 1) await api(ctx, 'POST', 'admin/about_save', { locale: 'en', ...aboutBefore.data }, op)
          await probe.context.close()
        }
        report('Markdown screens', failures)
      },
    },
    {
      name: 'XSS vectors as feedback title, content and operator reply stay text: 0 executions',
      run: async () => {
        const ctx = e()
        const op = await operatorToken(ctx)
        const user = await userToken(ctx)
        // Ten feedback (the per-user hourly cap), each carrying a tenth of the corpus in its content and reply.
        const chunks = Array.from({ length: 10 }, (_, k) => XSS_VECTORS.filter((_, i) => i % 10 === k))
        const sent: { id: number; title: string; content: string }[] = []
        for (const chunk of chunks) {
          const title = cleanText(chunk[0]!, true).slice(0, 100).trim()
          const content = chunk.join('\n\n')
          const res = await api<{ id: number }>(ctx, 'POST', 'feedback/submit', { type: 'other', title, content }, user)
          check(res.code === 1, `feedback/submit: ${res.msg}`)
          const reply = await api(ctx, 'POST', 'admin/feedback_reply', { id: res.data.id, reply: content }, op)
          check(reply.code === 1, `feedback_reply: ${reply.msg}`)
          sent.push({ id: res.data.id, title, content: cleanText(content) })
        }
        const probe = await openProbe(user)
        const failures: string[] = []
        try {
          await probe.page.goto(`${ctx.server.url}/feedlist`)
          await probe.page.waitForSelector('.fb-row__title', { timeout: 15_000 })
          await probe.page.waitForTimeout(300)
          const titles = await probe.page.$$eval('.fb-row__title', (els) => els.map((el) => el.textContent ?? ''))
          for (const f of sent) if (!titles.includes(f.title)) failures.push(`list lacks the literal title ${JSON.stringify(f.title)}`)
          for (const h of await hits(probe)) failures.push(`feedback list → ${h}`)
          await shot(probe.page, 'xss-feedlist-390')
          for (const f of sent) {
            await probe.page.goto(`${ctx.server.url}/feedback-details?id=${f.id}`)
            await probe.page.waitForSelector('.fb-reply', { timeout: 15_000 })
            await probe.page.waitForTimeout(250)
            const shown = await probe.page.evaluate(() => ({
              title: document.querySelector('.fb-msg__title')?.textContent ?? '',
              texts: Array.from(document.querySelectorAll('.fb-msg__text')).map((el) => el.textContent ?? ''),
              elements: Array.from(document.querySelectorAll('.fb-msg__title, .fb-msg__text')).reduce((n, el) => n + el.childElementCount, 0),
            }))
            if (shown.title !== f.title) failures.push(`#${f.id} title shown as ${JSON.stringify(shown.title)}`)
            if (shown.texts[0] !== f.content || shown.texts[1] !== f.content) failures.push(`#${f.id} content or reply not shown verbatim`)
            if (shown.elements !== 0) failures.push(`#${f.id}: ${shown.elements} element(s) inside text fields`)
            for (const h of await hits(probe)) failures.push(`feedback #${f.id} → ${h}`)
          }
          await shot(probe.page, 'xss-feedback-details-390')
        } finally {
          await probe.context.close()
        }
        report('feedback screens', failures)
      },
    },
  ]
}
