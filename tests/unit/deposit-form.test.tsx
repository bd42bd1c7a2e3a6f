// @vitest-environment happy-dom
// The deposit screen as a user drives it: the platform address for the chosen network (or "no address yet"), the
// claim's checks, a refusal from the server under the field it names, and the record list after submitting.
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { DepositOption } from '../../common/api/assets'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type FetchHandler } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'
const options: DepositOption[] = [
  { currency: 'USDT', chain: 'TRC20', address: ADDRESS, enabled: true, scale: 6 },
  { currency: 'USDT', chain: 'ERC20', address: null, enabled: true, scale: 6 },
  { currency: 'BTC', chain: 'BTC', address: null, enabled: true, scale: 8 },
]
const open = (claim: FetchHandler = () => undefined) =>
  renderApp(
    '/deposit',
    (c) => {
      if (c.url.includes('assets/deposit_options')) return envelope(1, { options })
      if (c.url.endsWith('assets/deposit_claim')) return claim(c)
      if (c.url.includes('assets/deposit_list')) return envelope(1, { list: [], total: 0, page: 1, limit: 20 })
      return undefined
    },
    { user: userInfo() },
  )

describe('deposit', () => {
  it('shows the address of the chosen network with its notes, and says when a network has none (and no notes)', async () => {
    const app = await open()
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS)
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy()
    expect(screen.getByText(/Only a simple send is supported/)).toBeTruthy()
    expect(screen.getByText(/After 1 network confirmation the deposit is credited; after 6 confirmations/)).toBeTruthy()
    await app.user.click(screen.getByRole('radio', { name: 'ERC20' }))
    expect(await screen.findByText(/^No deposit address for this network yet\./)).toBeTruthy()
    expect(screen.queryByTestId('deposit-address')).toBeNull()
    expect(screen.queryByLabelText('Amount sent (USDT)')).toBeNull()
    // No "send … to this address" where there is no address.
    expect(screen.queryByText(/to this address/)).toBeNull()
    expect(screen.queryByText('Before you send')).toBeNull()
  })

  it('checks the claim, shows the server’s refusal under its field, then sends one keyed claim', async () => {
    let refuse = true
    const app = await open(() =>
      refuse
        ? envelope(422, { field: 'from_address' }, 'This is not a valid TRC20 address')
        : envelope(1, { id: 3, status: 'pending' }),
    )
    await app.user.click(await screen.findByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(errorUnder('Amount sent (USDT)')).toBe('Please enter an amount'))
    expect(errorUnder('Your sending address')).toBe('Please enter the address you sent from')
    await app.user.type(screen.getByLabelText('Amount sent (USDT)'), '1 000,5')
    await app.user.type(screen.getByLabelText('Your sending address'), 'not-an-address')
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(errorUnder('Your sending address')).toBe('This is not a valid TRC20 address'))
    refuse = false
    await app.user.clear(screen.getByLabelText('Your sending address'))
    await app.user.type(screen.getByLabelText('Your sending address'), ADDRESS)
    await app.user.click(screen.getByRole('button', { name: 'Submit' }))
    await app.at('/deposit-record')
    const [first, second] = app.callsTo('assets/deposit_claim')
    expect(JSON.parse(second?.body ?? '{}')).toEqual({
      currency: 'USDT',
      chain: 'TRC20',
      amount: '1000.5',
      from_address: ADDRESS,
    })
    expect(second?.headers['idempotency-key']).toBeTruthy()
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key'])
  })
})
