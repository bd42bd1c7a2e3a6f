// @vitest-environment happy-dom
// /notice-details as a user meets it: an announcement the server does not know says it does not exist (no Retry: a
// dead link stays dead), a failed load says so and offers Retry, and Retry shows the announcement once it answers.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { RecordedCall } from '../helpers/ui-fetch'
import { envelope } from '../helpers/ui-fetch'
import { cleanupApp, renderApp } from '../helpers/ui-app'

afterEach(cleanupApp)

const isDetail = (c: RecordedCall) => c.url.startsWith('/api/common/get_announcement_info')
const notice = {
  id: 7,
  title: 'Maintenance on Sunday',
  summary: 'Deposits pause for one hour.',
  pinned: false,
  content: 'Deposits pause for **one hour**.',
  created_at: '2026-11-20 08:00:00',
}

describe('notice details', () => {
  it('an id the server does not know: "does not exist", a way to the list, no Retry', async () => {
    const app = await renderApp('/notice-details?id=999999', (c) =>
      isDetail(c) ? envelope(404, null, 'Announcement not found') : undefined,
    )
    expect(await screen.findByText('This announcement does not exist or has been removed.')).toBeTruthy()
    expect(screen.queryByText(/could not be loaded/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Announcements' }).getAttribute('href')).toBe('/notice-center')
    expect(app.callsTo('common/get_announcement_info')[0]?.url).toContain('id=999999')
  })

  it('an id too long for the server (refused input) does not exist either', async () => {
    await renderApp('/notice-details?id=99999999999', (c) =>
      isDetail(c) ? envelope(422, { field: 'id', issues: [] }, 'id: Invalid string') : undefined,
    )
    expect(await screen.findByText('This announcement does not exist or has been removed.')).toBeTruthy()
  })

  it('a network failure or a server error: "could not be loaded" and Retry, which then shows the announcement', async () => {
    let answer: 'offline' | 'error' | 'ok' = 'offline'
    const app = await renderApp('/notice-details?id=7', (c) => {
      if (!isDetail(c)) return undefined
      if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'))
      if (answer === 'error') return envelope(500, null, 'Internal error')
      return envelope(1, notice)
    })
    expect(await screen.findByText('This announcement could not be loaded. Check your connection.')).toBeTruthy()
    expect(screen.queryByText(/does not exist/)).toBeNull()
    answer = 'error'
    await app.user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(app.callsTo('common/get_announcement_info')).toHaveLength(2))
    expect(await screen.findByText('This announcement could not be loaded. Check your connection.')).toBeTruthy()
    answer = 'ok'
    await app.user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Maintenance on Sunday' })).toBeTruthy()
    expect((await screen.findByText('one hour')).tagName).toBe('STRONG')
  })
})
