// @vitest-environment happy-dom
// Registration as a user drives it in the real app: the send-code button (checks the address first, is busy while
// asking, then counts down the server's resend delay), the form's own checks, a server refusal under the field it
// names, the network message, and the sign-in that follows a successful registration.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, noteOf, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const SENT = envelope(1, { sent_to: 'a***@example.com', resend_after_s: 60, expires_in_s: 600 })

describe('registration form', () => {
  it('send-code: refuses a bad address under the e-mail field, then sends and counts down', async () => {
    let release: (v: unknown) => void = () => undefined
    const app = await renderApp('/register', (c) =>
      c.url.endsWith('user/send_code') ? new Promise((r) => (release = r)) : undefined,
    )
    const send = screen.getByRole('button', { name: 'Send code' })
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@')
    await app.user.click(send)
    await waitFor(() => expect(errorUnder('E-mail')).toBe('Enter a valid e-mail address'))
    expect(app.callsTo('user/send_code')).toHaveLength(0)

    await app.user.type(screen.getByLabelText('E-mail'), 'example.com')
    expect(errorUnder('E-mail')).toBe('') // editing the address clears its problem
    await app.user.click(send)
    const sending = await screen.findByRole('button', { name: 'Sending…' })
    expect((sending as HTMLButtonElement).disabled).toBe(true)
    // The account calls load their chunk first (src/api/index.ts): answer once the request is out.
    await waitFor(() => expect(app.callsTo('user/send_code')).toHaveLength(1))
    release(SENT)
    const counting = await screen.findByRole('button', { name: /^Resend \((60|59) s\)$/ })
    expect((counting as HTMLButtonElement).disabled).toBe(true)
    expect(noteOf(screen.getByLabelText('Verification code'))).toBe(
      'Code sent to a***@example.com. It expires in 10 min.',
    )
    expect(JSON.parse(app.callsTo('user/send_code')[0]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
      purpose: 'register',
    })

    // A code belongs to its address: a new address may ask at once.
    await app.user.type(screen.getByLabelText('E-mail'), 'x')
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeTruthy()
  })

  it('send-code: a refusal naming the e-mail lands under it', async () => {
    const app = await renderApp('/register', (c) =>
      c.url.endsWith('user/send_code')
        ? envelope(422, { field: 'email', issues: [] }, 'This domain does not take mail')
        : undefined,
    )
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(() => expect(errorUnder('E-mail')).toBe('This domain does not take mail'))
  })

  it('names every problem of a half-filled form under its field and sends nothing', async () => {
    const app = await renderApp('/register', () => undefined)
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Verification code'), '12a34')
    await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct horse')
    await app.user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'correct hors')
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(errorUnder('Verification code')).toBe('The code has 6 digits'))
    expect(errorUnder('Confirm password')).toBe('Two passwords are inconsistent')
    expect(screen.getByText('Please read and agree to the user protocol first')).toBeTruthy()
    expect(errorUnder('E-mail')).toBe('')
    expect(app.callsTo('user/register')).toHaveLength(0)
  })

  async function fillValid(app: Awaited<ReturnType<typeof renderApp>>) {
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Verification code'), '123456')
    await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct horse')
    await app.user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'correct horse')
    await app.user.click(screen.getByRole('checkbox'))
  }

  it('shows the server’s refusal of the code under the code field', async () => {
    const app = await renderApp('/register', (c) =>
      c.url.endsWith('user/register')
        ? envelope(400, { field: 'code' }, 'The code is wrong or has expired')
        : undefined,
    )
    await fillValid(app)
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(errorUnder('Verification code')).toBe('The code is wrong or has expired'))
    expect(errorUnder('E-mail')).toBe('')
  })

  it('says the network message when the call cannot get through', async () => {
    const app = await renderApp('/register', (c) =>
      c.url.endsWith('user/register') ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    )
    await fillValid(app)
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy()
  })

  it('signs the new account in and leaves for the user center', async () => {
    const app = await renderApp('/register', (c) =>
      c.url.endsWith('user/register') ? envelope(1, { token: 't', user: userInfo() }) : undefined,
    )
    await fillValid(app)
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    await app.at('/user-center')
    expect(JSON.parse(app.callsTo('user/register')[0]?.body ?? '{}')).toMatchObject({
      email: 'ann@example.com',
      code: '123456',
      agree: true,
    })
  })
})
