// @vitest-environment happy-dom
// The security center's password screens as a signed-in user drives them in the real app: the login-password change
// and the transaction password (set with the login password, change with the old one). Client checks under their
// fields, a server refusal under the field it names, the network message, and where each goes after success.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const pw = { selector: 'input' }
type App = Awaited<ReturnType<typeof renderApp>>

async function typeInto(app: App, label: string, text: string) {
  await app.user.type(await screen.findByLabelText(label, pw), text)
}

describe('change login password', () => {
  const open = (handler: Parameters<typeof renderApp>[1]) =>
    renderApp('/change-login-passwd', handler, { user: userInfo() })

  it('checks the new password’s length and its confirmation before sending', async () => {
    const app = await open(() => undefined)
    await typeInto(app, 'Current password', 'old one')
    await typeInto(app, 'New password', 'short')
    await typeInto(app, 'Confirm new password', 'shorter')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(errorUnder('New password')).toBe('Use at least 8 characters'))
    expect(errorUnder('Confirm new password')).toBe('Two passwords are inconsistent')
    expect(errorUnder('Current password')).toBe('')
    expect(app.callsTo('user/change_password')).toHaveLength(0)
  })

  it('shows “current password wrong” under the current password', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/change_password')
        ? envelope(400, { field: 'old_password' }, 'The current password is wrong')
        : undefined,
    )
    await typeInto(app, 'Current password', 'not it')
    await typeInto(app, 'New password', 'correct horse')
    await typeInto(app, 'Confirm new password', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(errorUnder('Current password')).toBe('The current password is wrong'))
    expect(errorUnder('New password')).toBe('')
  })

  it('says the network message on a timeout-like failure and stays on the form', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/change_password') ? new Response('Service Unavailable', { status: 503 }) : undefined,
    )
    await typeInto(app, 'Current password', 'old password')
    await typeInto(app, 'New password', 'correct horse')
    await typeInto(app, 'Confirm new password', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy()
    expect(app.router.state.location.pathname).toBe('/change-login-passwd')
  })

  it('signs the device out and goes to login after a change', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/change_password') || c.url.endsWith('user/logout') ? envelope(1) : undefined,
    )
    await typeInto(app, 'Current password', 'old password')
    await typeInto(app, 'New password', 'correct horse')
    await typeInto(app, 'Confirm new password', 'correct horse')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    await app.at('/login')
    expect(JSON.parse(app.callsTo('user/change_password')[0]?.body ?? '{}')).toEqual({
      old_password: 'old password',
      password: 'correct horse',
      re_password: 'correct horse',
    })
  })
})

describe('transaction password', () => {
  it('set: asks for the login password and names every empty field', async () => {
    const app = await renderApp('/change-pay-passwd', () => undefined, { user: userInfo({ has_pay_password: false }) })
    await app.user.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(errorUnder('Login password')).toBe('Please fill this in'))
    expect(errorUnder('New transaction password')).toBe('Please fill this in')
    expect(errorUnder('Confirm new password')).toBe('Please fill this in')
    expect(app.callsTo('user/set_pay_password')).toHaveLength(0)
  })

  it('set: a wrong login password is shown under it; then success returns to the security center', async () => {
    let refuse = true
    const app = await renderApp(
      '/change-pay-passwd',
      (c) => {
        if (!c.url.endsWith('user/set_pay_password')) return undefined
        return refuse ? envelope(400, { field: 'login_password' }, 'The login password is wrong') : envelope(1)
      },
      { user: userInfo({ has_pay_password: false }) },
    )
    await typeInto(app, 'Login password', 'not it')
    await typeInto(app, 'New transaction password', 'pay secret 1')
    await typeInto(app, 'Confirm new password', 'pay secret 1')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(errorUnder('Login password')).toBe('The login password is wrong'))
    refuse = false
    await app.user.type(screen.getByLabelText('Login password', pw), '!')
    expect(errorUnder('Login password')).toBe('') // the edit makes the server's word stale
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    await app.at('/secure-center')
    expect(JSON.parse(app.callsTo('user/set_pay_password')[1]?.body ?? '{}')).toEqual({
      login_password: 'not it!',
      pay_password: 'pay secret 1',
      re_pay_password: 'pay secret 1',
    })
  })

  it('change: asks for the current transaction password and shows the network message when offline', async () => {
    const app = await renderApp(
      '/change-pay-passwd',
      (c) => (c.url.endsWith('user/set_pay_password') ? Promise.reject(new TypeError('Failed to fetch')) : undefined),
      { user: userInfo({ has_pay_password: true }) },
    )
    await typeInto(app, 'Current transaction password', 'old pay secret')
    await typeInto(app, 'New transaction password', 'pay secret 2')
    await typeInto(app, 'Confirm new password', 'pay secret 2')
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy()
    expect(JSON.parse(app.callsTo('user/set_pay_password')[0]?.body ?? '{}')).toEqual({
      old_pay_password: 'old pay secret',
      pay_password: 'pay secret 2',
      re_pay_password: 'pay secret 2',
    })
  })
})
