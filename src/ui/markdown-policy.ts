/**
 * Which URLs sanitized Markdown may keep (reliability F1, ASVS 1.2.2/1.3.4): links only to http(s) and mailto,
 * images only from this origin or over https. Pure functions, so the rules are testable without a DOM.
 */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

function parse(url: string, base: string): URL | null {
  try {
    return new URL(url, base)
  } catch {
    return null
  }
}

/**
 * True when a link to `href` may stay: http(s) or mailto after resolving against `base` (the page URL), so a
 * relative link counts as the page's own scheme. `javascript:`, `data:`, `vbscript:`, `blob:`, `file:` and anything
 * unparsable are refused, however they are spelled (the URL parser strips tabs, newlines and case tricks first).
 */
export function isAllowedLink(href: string, base: string): boolean {
  const url = parse(href, base)
  return url !== null && LINK_PROTOCOLS.has(url.protocol)
}

/** True when an image from `src` may load: same origin as `base`, or https anywhere. `data:` and `blob:` are refused. */
export function isAllowedImage(src: string, base: string): boolean {
  const url = parse(src, base)
  if (url === null) return false
  if (url.protocol === 'https:') return true
  const page = parse(base, base)
  return page !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === page.origin
}
