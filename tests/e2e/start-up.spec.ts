/**
 * Start-up's first calls (issue 9: first price and LCP on a phone): src/early.ts sends the first screen's public
 * GETs and preloads its catalog while the app bundle is still downloading, and the app takes those answers instead of
 * asking again. Seen from the network: each is requested once, in the language the user chose, and Home's ticker
 * shows that language's announcement.
 */
import type { Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'

/** Every request the page itself makes (not its service worker), in order. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (r) => seen.push(r))
  return seen
}

const path = (r: Request) => new URL(r.url()).pathname + new URL(r.url()).search

test('a cold /home asks once each for config, market list, announcements and catalog, in the chosen language', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('LANGUAGE_KEY', JSON.stringify('ja')))
  const seen = recordRequests(page)
  await page.goto('/home')
  await expect(page.locator('.notice-ticker__text').first()).toHaveText('TC Market へようこそ')
  await expect(page.locator('.popular__price').first()).not.toHaveText('--', { timeout: 30_000 })

  const calls = seen.map(path)
  for (const url of [
    '/api/common/config',
    '/api/currency/currency_list',
    '/api/common/get_announcement?page=1&limit=5',
  ])
    expect(
      calls.filter((c) => c === url),
      url,
    ).toHaveLength(1)
  const announcements = seen.find((r) => path(r).startsWith('/api/common/get_announcement'))!
  expect(await announcements.headerValue('accept-language')).toBe('ja')
  expect(await announcements.headerValue('token')).toBeNull()

  // The catalog chunk index.html names for ja (preloaded by src/early.ts, then imported), fetched once; English never.
  const catalogs = JSON.parse((await page.locator('#catalog-urls').textContent()) ?? '{}') as Record<string, string>
  expect(calls.filter((c) => c === catalogs.ja)).toHaveLength(1)
  expect(calls).not.toContain(catalogs.en)
})
