// The URL rules of sanitized Markdown (reliability F1): links only http(s)/mailto, images only same origin or https,
// however a forbidden scheme is spelled.
import { describe, expect, it } from 'vitest'
import { isAllowedImage, isAllowedLink } from '../../src/ui/markdown-policy'

const PAGE = 'https://app.example.com/help-details?id=3'

describe('links', () => {
  it.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['mailto:support@example.com', true],
    ['/help-center', true],
    ['#top', true],
    ['?id=4', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    [' javascript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['java\nscript:alert(1)', false],
    ['\u0000javascript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:msgbox(1)', false],
    ['blob:https://app.example.com/123', false],
    ['file:///etc/passwd', false],
    ['tel:+100', false],
    ['http://[::1', false],
  ])('%j → %s', (href, allowed) => {
    expect(isAllowedLink(href, PAGE)).toBe(allowed)
  })
})

describe('images', () => {
  it.each([
    ['https://cdn.example.net/a.png', true],
    ['/coins/btc.svg', true],
    ['https://app.example.com/x.png', true],
    ['x', true],
    ['http://cdn.example.net/a.png', false],
    ['data:image/svg+xml;base64,PHN2Zz4=', false],
    ['blob:https://app.example.com/1', false],
    ['javascript:alert(1)', false],
    ['//evil.example.net/a.png', true],
  ])('%j → %s', (src, allowed) => {
    expect(isAllowedImage(src, PAGE)).toBe(allowed)
  })

  it('on an http page, same-origin http images are allowed, other http origins are not', () => {
    expect(isAllowedImage('/a.png', 'http://127.0.0.1:8080/about-us')).toBe(true)
    expect(isAllowedImage('http://127.0.0.1:8080/a.png', 'http://127.0.0.1:8080/about-us')).toBe(true)
    expect(isAllowedImage('http://127.0.0.1:9999/a.png', 'http://127.0.0.1:8080/about-us')).toBe(false)
  })
})
