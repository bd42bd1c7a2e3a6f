// @vitest-environment happy-dom
// Linking an e-mail to a wallet account (security center sheet) as the user drives it: send-code checks the address
// and counts down, the form's checks, a refusal under the field it names, the network message, and success.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const wallet = userInfo({
  email: null,
  account: '0xab…cdef',
  wallet_address: '0x' + 'ab'.repeat(20),
  has_password: false,
})
const open = (handler: Parameters<typeof renderApp>[1]) => renderApp('/secure-center?bind=1', handler, { user: wallet })
const sheet = () => within(screen.getByRole('dialog', { name: 'Link an e-mail' }))

describe('bind e-mail', () => {
  it('send-code refuses an empty address, then sends and counts down the resend delay', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/send_code')
        ? envelope(1, { sent_to: 'a***@example.com', resend_after_s: 60, expires_in_s: 600 })
        : undefined,
    )
    await app.user.click(await sheet().findByRole('button', { name: 'Send code' }))
    await waitFor(() => expect(errorUnder('E-mail')).toBe('Please fill this in'))
    expect(app.callsTo('user/send_code')).toHaveLength(0)
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.click(sheet().getByRole('button', { name: 'Send code' }))
    const counting = await sheet().findByRole('button', { name: /^Resend in (60|59) s$/ })
    expect((counting as HTMLButtonElement).disabled).toBe(true)
    expect(JSON.parse(app.callsTo('user/send_code')[0]?.body ?? '{}')).toEqual({
      type: 'email',
      email: 'ann@example.com',
      purpose: 'bind_email',
    })
  })

  it('checks the e-mail, the 6-digit code and the new password before sending', async () => {
    const app = await open(() => undefined)
    await app.user.type(await screen.findByLabelText('E-mail'), 'ann@')
    await app.user.type(screen.getByLabelText('Verification code'), '123')
    await app.user.type(screen.getByLabelText('Login password', { selector: 'input' }), 'correct horse')
    await app.user.click(sheet().getByRole('button', { name: 'Link e-mail' }))
    await waitFor(() => expect(errorUnder('E-mail')).toBe('Enter a valid e-mail address'))
    expect(errorUnder('Verification code')).toBe('Enter the 6-digit code')
    expect(errorUnder('Confirm password')).toBe('Please fill this in')
    expect(app.callsTo('user/bind_email')).toHaveLength(0)
  })

  async function fill(app: Awaited<ReturnType<typeof open>>) {
    await app.user.type(await screen.findByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Verification code'), '123456')
    await app.user.type(screen.getByLabelText('Login password', { selector: 'input' }), 'correct horse')
    await app.user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'correct horse')
    await app.user.click(sheet().getByRole('button', { name: 'Link e-mail' }))
  }

  it('shows a taken address under the e-mail field', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/bind_email')
        ? envelope(400, { field: 'email' }, 'This e-mail belongs to another account')
        : undefined,
    )
    await fill(app)
    await waitFor(() => expect(errorUnder('E-mail')).toBe('This e-mail belongs to another account'))
  })

  it('says the network message when the call fails on the way', async () => {
    const app = await open((c) =>
      c.url.endsWith('user/bind_email') ? new Response('Bad Gateway', { status: 502 }) : undefined,
    )
    await fill(app)
    expect(await sheet().findByText('Could not reach the server. Check your connection and try again.')).toBeTruthy()
  })

  it('links the e-mail, closes the sheet and shows the linked address', async () => {
    const linked = { ...wallet, email: 'ann@example.com', has_password: true }
    let bound = false
    const app = await open((c) => {
      if (c.url.endsWith('user/bind_email')) bound = true
      return bound ? envelope(1, linked) : undefined // user/info: the wallet account until the link is made
    })
    await fill(app)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('an***@example.com')).toBeTruthy()
  })
})
