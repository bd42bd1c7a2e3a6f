// @vitest-environment happy-dom
// Forgot password as a user meets it (issue 24 part 7): "Forgot password?" on the login screen opens it; the code is
// asked for with user/forgot_password (not send_code), the new password twice is checked before anything is sent,
// a wrong code lands under the code field, and a reset says every device was signed out and opens the login screen.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const SENT = envelope(1, { sent_to: 'a***@example.com', resend_after_s: 60, expires_in_s: 600 })

describe('forgot password', () => {
  it('is reached from the login screen, asks user/forgot_password for the code and resets the password', async () => {
    const app = await renderApp('/login', (c) => {
      if (c.url.endsWith('user/forgot_password')) return SENT
      if (c.url.endsWith('user/reset_password')) return envelope(1, null)
      return undefined
    })
    await app.user.click(await screen.findByRole('link', { name: 'Forgot password?' }))
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy()
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.click(screen.getByRole('button', { name: 'Send code' }))
    await waitFor(() => expect(app.callsTo('user/forgot_password')).toHaveLength(1))
    expect(JSON.parse(app.callsTo('user/forgot_password')[0]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
    })
    expect(app.callsTo('user/send_code')).toHaveLength(0)
    await app.user.type(screen.getByLabelText('Verification code'), '123456')
    await app.user.type(screen.getByLabelText('New password', { selector: 'input' }), 'lantern meadow quietly 77')
    await app.user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), 'lantern meadow quietly')
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }))
    await waitFor(() => expect(errorUnder('Confirm new password')).toBe('Two passwords are inconsistent'))
    expect(app.callsTo('user/reset_password')).toHaveLength(0)
    await app.user.type(screen.getByLabelText('Confirm new password', { selector: 'input' }), ' 77')
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }))
    await waitFor(() => expect(app.callsTo('user/reset_password')).toHaveLength(1))
    expect(JSON.parse(app.callsTo('user/reset_password')[0]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
      code: '123456',
      password: 'lantern meadow quietly 77',
      re_password: 'lantern meadow quietly 77',
    })
    expect(
      await screen.findByText('Password changed. Every device was signed out: log in with the new password.'),
    ).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy()
  })

  it('shows a wrong code under the code field', async () => {
    const app = await renderApp('/forgot-password', (c) =>
      c.url.endsWith('user/reset_password')
        ? envelope(400, { field: 'code' }, 'Incorrect verification code')
        : undefined,
    )
    await app.user.type(await screen.findByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Verification code'), '000000')
    await app.user.type(screen.getByLabelText('New password', { selector: 'input' }), 'lantern meadow quietly 77')
    await app.user.type(
      screen.getByLabelText('Confirm new password', { selector: 'input' }),
      'lantern meadow quietly 77',
    )
    await app.user.click(screen.getByRole('button', { name: 'Set new password' }))
    await waitFor(() => expect(errorUnder('Verification code')).toBe('Incorrect verification code'))
  })
})
