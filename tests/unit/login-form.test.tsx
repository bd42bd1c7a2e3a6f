// @vitest-environment happy-dom
// The login form as a user drives it in the real app (router with the fake engine in its context, stubbed fetch):
// what it refuses before sending, where a server refusal lands, the one network message, the busy button, and where a
// successful sign-in goes.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

const NETWORK = 'Could not reach the server. Check your connection and try again.'

afterEach(() => {
  cleanupApp()
  localStorage.removeItem('LOGIN_DEVICES')
})

async function fillLogin(app: Awaited<ReturnType<typeof renderApp>>, email: string, password: string) {
  await app.user.type(screen.getByLabelText('E-mail'), email)
  await app.user.type(screen.getByLabelText('Password', { selector: 'input' }), password)
}

describe('login form', () => {
  it('names what is missing under each field and sends nothing', async () => {
    const app = await renderApp('/login', () => undefined)
    await app.user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Enter your e-mail address')).toBeTruthy()
    expect(errorUnder('E-mail')).toBe('Enter your e-mail address')
    expect(errorUnder(/^Password$/)).toBe('Enter your password')
    expect(app.callsTo('user/login')).toHaveLength(0)
    // Fixing a field clears its error as the user types.
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await waitFor(() => expect(errorUnder('E-mail')).toBe(''))
    expect(errorUnder(/^Password$/)).toBe('Enter your password')
  })

  it('shows a 422 naming the e-mail under the e-mail field, in the server’s words', async () => {
    const app = await renderApp('/login', (c) =>
      c.url.endsWith('user/login')
        ? envelope(
            422,
            { field: 'email', issues: [{ field: 'email', message: 'This address cannot sign in here' }] },
            'email: invalid',
          )
        : undefined,
    )
    await fillLogin(app, 'ann@example.com', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(errorUnder('E-mail')).toBe('This address cannot sign in here'))
    expect(errorUnder(/^Password$/)).toBe('')
    expect(JSON.parse(app.callsTo('user/login')[0]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
      password: 'correct horse',
    })
  })

  it('shows a refusal that names no field as the form’s line', async () => {
    const app = await renderApp('/login', (c) =>
      c.url.endsWith('user/login') ? envelope(400, null, 'Wrong account or password') : undefined,
    )
    await fillLogin(app, 'ann@example.com', 'wrong')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByText('Wrong account or password')).className).toBe('form-error')
  })

  it.each([
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 502 from a proxy', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    ['a 500 envelope', () => new Response(JSON.stringify(envelope(500, null, 'Server error')), { status: 500 })],
  ])('says the one network message when %s', async (_, answer) => {
    const app = await renderApp('/login', (c) => (c.url.endsWith('user/login') ? answer() : undefined))
    await fillLogin(app, 'ann@example.com', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByText(NETWORK)).className).toBe('form-error')
  })

  it('keeps the button disabled and busy while signing in, then goes to the user center', async () => {
    let release: (v: unknown) => void = () => undefined
    const answer = new Promise((r) => (release = r))
    const app = await renderApp('/login', (c) => (c.url.endsWith('user/login') ? answer : undefined))
    await fillLogin(app, 'ann@example.com', 'correct horse')
    const button = screen.getByRole('button', { name: 'Log in' })
    await app.user.click(button)
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true))
    expect(button.getAttribute('aria-busy')).toBe('true')
    await app.user.click(button) // a second press while sending sends nothing more
    expect(app.callsTo('user/login')).toHaveLength(1)
    release(envelope(1, { token: 'tok', user: userInfo() }))
    await app.at('/user-center')
  })

  it('asks for the authenticator code when the account has two-factor authentication, then sends both', async () => {
    const app = await renderApp('/login', (c) => {
      if (!c.url.endsWith('user/login')) return undefined
      const body = JSON.parse(c.body ?? '{}') as { totp_code?: string }
      if (!body.totp_code)
        return envelope(400, { field: 'totp_code' }, 'Enter the 6-digit code from your authenticator app')
      if (body.totp_code !== '123456')
        return envelope(400, { field: 'totp_code' }, 'The verification code is incorrect')
      return envelope(1, { token: 'tok', user: userInfo({ two_factor: true }) })
    })
    await fillLogin(app, 'ann@example.com', 'correct horse')
    expect(screen.queryByLabelText('Authenticator code')).toBeNull()
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    // The next step, not a mistake: the field appears with its hint and takes the focus; no error line.
    const code = await screen.findByLabelText('Authenticator code')
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect(errorUnder('Authenticator code')).toBe('')
    expect(screen.queryByText('Enter the 6-digit code from your authenticator app')).toBeNull()
    await app.user.type(code, '654321')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(errorUnder('Authenticator code')).toBe('The verification code is incorrect'))
    await app.user.clear(code)
    await app.user.type(code, '123456')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    await app.at('/user-center')
    expect(JSON.parse(app.callsTo('user/login')[2]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
      password: 'correct horse',
      totp_code: '123456',
    })
  })

  it("sends this browser's device token for the account signed in to, and keeps the one answered", async () => {
    // Issue 24 part 7: a browser that signed in before keeps its own failure budget (server/auth/login-devices.ts).
    const [ann, bob, fresh] = ['A', 'B', 'C'].map((c) => c.repeat(43))
    localStorage.setItem(
      'LOGIN_DEVICES',
      JSON.stringify({ 'email:ann@example.com': ann, 'email:bob@example.com': bob }),
    )
    const app = await renderApp('/login', (c) =>
      c.url.endsWith('user/login') ? envelope(1, { token: 'tok', user: userInfo(), device_token: fresh }) : undefined,
    )
    await fillLogin(app, 'Ann@Example.com', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Log in' }))
    await app.at('/user-center')
    expect(JSON.parse(app.callsTo('user/login')[0]?.body ?? '{}')).toMatchObject({ device_token: ann })
    // Kept across signing out, per account: Ann's is the one answered, Bob's untouched.
    expect(JSON.parse(localStorage.getItem('LOGIN_DEVICES') ?? '{}')).toEqual({
      'email:bob@example.com': bob,
      'email:ann@example.com': fresh,
    })
  })
})
