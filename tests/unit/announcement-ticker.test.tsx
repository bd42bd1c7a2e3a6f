// @vitest-environment happy-dom
// Home's announcement ticker as a user sees it: the newest announcement is there with the screen (no fade-in: the
// line is often the page's largest paint, issue 9), and every 4 s the next one slides in.
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderApp, withAppClock } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'

const notice = (id: number, title: string) => ({
  id,
  title,
  summary: '',
  pinned: false,
  created_at: '2026-11-20 08:00:00',
})
const answers = (c: RecordedCall) => {
  if (c.url.startsWith('/api/common/get_announcement?'))
    return envelope(1, {
      list: [notice(2, 'Maintenance on Sunday'), notice(1, 'Welcome')],
      total: 2,
      page: 1,
      limit: 5,
    })
  if (c.url.startsWith('/api/currency/currency_list')) return envelope(1, [])
  return undefined
}

withAppClock()

describe('announcement ticker', () => {
  it('shows the newest at once, without an entrance animation, then turns to the next with one', async () => {
    await renderApp('/home', answers)
    const line = await screen.findByRole('link', { name: 'Maintenance on Sunday' })
    expect(line.className).not.toContain('notice-ticker__text--turn')
    await act(() => vi.advanceTimersByTimeAsync(4000))
    const next = await screen.findByRole('link', { name: 'Welcome' })
    await waitFor(() => expect(next.className).toContain('notice-ticker__text--turn'))
  })
})
