// @vitest-environment happy-dom
// Submitting feedback as a signed-in user in the real app: the three required parts, a server refusal under the
// field it names (in zod's words), the busy button, the network message, and the details screen after success.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const open = (handler: Parameters<typeof renderApp>[1]) => renderApp('/feedback', handler, { user: userInfo() })

async function fill(app: Awaited<ReturnType<typeof open>>) {
  await app.user.click(await screen.findByRole('radio', { name: 'Trade' }))
  await app.user.type(screen.getByLabelText('Title'), '  Order  stuck ')
  await app.user.type(screen.getByLabelText('Content'), 'My order is pending since noon.')
}

describe('feedback form', () => {
  it('asks for the type, a title and the text, each where it belongs', async () => {
    const app = await open(() => undefined)
    await app.user.type(await screen.findByLabelText('Title'), '   ')
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Choose the type of your question')).toBeTruthy()
    expect(errorUnder('Title')).toBe('Enter a title')
    expect(errorUnder('Content')).toMatch(/^Describe your question/)
    expect(app.callsTo('support/')).toHaveLength(0)
    await app.user.click(screen.getByRole('radio', { name: 'Coin' }))
    await waitFor(() => expect(screen.queryByText('Choose the type of your question')).toBeNull())
  })

  it('puts the server’s refusal of the title under the title, in zod’s words', async () => {
    const app = await open((c) =>
      c.url.includes('feedback')
        ? envelope(
            422,
            {
              field: 'title',
              issues: [{ field: 'title', message: 'Too big: expected string to have <=100 characters' }],
            },
            'title: Too big',
          )
        : undefined,
    )
    await fill(app)
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(errorUnder('Title')).toBe('Too big: expected string to have <=100 characters'))
    expect(errorUnder('Content')).toBe('')
  })

  it('shows the hourly cap above the form and the network message when offline', async () => {
    let offline = false
    const app = await open((c) =>
      !c.url.includes('feedback')
        ? undefined
        : offline
          ? Promise.reject(new TypeError('Failed to fetch'))
          : envelope(429, null, 'You have sent a lot of feedback in the last hour.'),
    )
    await fill(app)
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    expect((await screen.findByText('You have sent a lot of feedback in the last hour.')).className).toBe('form-error')
    offline = true
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy()
    expect(screen.queryByText('You have sent a lot of feedback in the last hour.')).toBeNull()
  })

  it('is busy while sending, sends the cleaned text, then opens the new feedback', async () => {
    let release: (v: unknown) => void = () => undefined
    const app = await open((c) =>
      c.url.includes('feedback_submit') || c.url.endsWith('feedback/submit')
        ? new Promise((r) => (release = r))
        : undefined,
    )
    await fill(app)
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    const busy = await screen.findByRole('button', { name: 'Submitting…' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    const call = app.calls.find((c) => c.method === 'POST' && c.url.includes('feedback'))
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      type: 'trade',
      title: 'Order stuck',
      content: 'My order is pending since noon.',
    })
    release(envelope(1, { id: 42 }))
    await app.at('/feedback-details')
    expect(app.router.state.location.search).toEqual({ id: 42 })
  })
})
