/**
 * Markdown → safe HTML for operator content (announcements, help articles, the about page): `marked` turns the
 * Markdown (and any raw HTML in it) into HTML, DOMPurify 3 removes everything that could run script, restyle the
 * app or pose as its controls, and the URL policy of ./markdown-policy keeps only http(s)/mailto links (opened in a
 * new tab without opener or referrer) and same-origin or https images. Imported lazily by Markdown.tsx, so neither
 * library is in the start-up bundle.
 */
import DOMPurify, { type Config } from 'dompurify'
import { Marked } from 'marked'
import { isAllowedImage, isAllowedLink } from './markdown-policy'

const marked = new Marked({ gfm: true, breaks: true, async: false })

/**
 * DOMPurify's defaults (no script, no event handlers, no javascript: URLs, no iframe/object/embed) restricted to the
 * HTML profile (no SVG, no MathML: the usual mXSS carriers), plus: no styles (tag or attribute), no forms or form
 * controls, no media or image maps, no templates (inert, but nothing to show), no author classes or ids (they could
 * borrow the app's look or clobber globals).
 */
export const PURIFY_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'optgroup',
    'fieldset',
    'legend',
    'label',
    'datalist',
    'output',
    'svg',
    'math',
    'area',
    'map',
    'video',
    'audio',
    'source',
    'track',
    'picture',
    'dialog',
    'marquee',
    'font',
    'center',
    'template',
    'slot',
  ],
  FORBID_ATTR: [
    'style',
    'class',
    'id',
    'name',
    'srcset',
    'sizes',
    'usemap',
    'formaction',
    'action',
    'background',
    'poster',
    'ping',
    'autofocus',
    'contenteditable',
    'popover',
    'popovertarget',
  ],
  ALLOW_DATA_ATTR: false,
}

const purify = DOMPurify(window)

// After DOMPurify's own attribute checks: apply our link and image policy to what is left.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href')
    if (href !== null && isAllowedLink(href, location.href)) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    } else {
      node.removeAttribute('href')
      node.removeAttribute('target')
    }
  } else if (node.nodeName === 'IMG') {
    const src = node.getAttribute('src')
    if (src !== null && isAllowedImage(src, location.href)) {
      node.setAttribute('loading', 'lazy')
      node.setAttribute('referrerpolicy', 'no-referrer')
    } else {
      // Not removed (DOMPurify is walking the tree): left without a source and hidden.
      node.removeAttribute('src')
      node.setAttribute('hidden', '')
    }
  }
})

/** Sanitized HTML of `markdown`, ready to be set as a container's innerHTML. */
export function renderMarkdown(markdown: string): string {
  return purify.sanitize(marked.parse(markdown, { async: false }), PURIFY_CONFIG)
}
