// @vitest-environment happy-dom
// The withdrawal screen as a user drives it: "Set your coin address first" without an address, the exact arrival
// amount and frozen total, "All", why nothing can be withdrawn while a chain deposit confirms (or a reversed one
// owes), the transaction password refused under its field, and the Idempotency-Key: the
// same on a retry after a network failure, a new one for each submission.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answerDialog } from '../../src/ui/dialog'
import type { RecordedCall } from '../helpers/ui-fetch'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { savedAddress, withdrawOption } from '../helpers/ui-money'

afterEach(() => {
  answerDialog(false) // a confirmation left open must not reach the next test
  return cleanupApp()
})

const user = userInfo({ has_pay_password: true })
type Handler = Parameters<typeof renderApp>[1]

/** /withdrawal with one USDT TRC20 option and `addresses` saved; `withdraw` answers assets/withdraw. */
function open(
  addresses = [savedAddress()],
  withdraw: Handler = () => undefined,
  who = user,
  option = withdrawOption(),
) {
  return renderApp(
    '/withdrawal',
    (c) => {
      if (c.url.includes('assets/withdraw_options')) return envelope(1, { options: [option] })
      if (c.url.includes('assets/address_list')) return envelope(1, { list: addresses })
      if (c.url.endsWith('assets/withdraw')) return withdraw(c)
      return undefined
    },
    { user: who },
  )
}
const keyOf = (c: RecordedCall | undefined) => c?.headers['idempotency-key']
/** The POSTs to assets/withdraw (not withdraw_options, which shares the prefix). */
const withdrawCalls = (app: { calls: RecordedCall[] }) => app.calls.filter((c) => c.url === '/api/assets/withdraw')

describe('withdrawal form', () => {
  it('without a saved address says “Set your coin address first” and offers to add one', async () => {
    const app = await open([])
    expect(await screen.findByText('Set your coin address first')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add address' })).toBeTruthy()
    await app.user.type(screen.getByLabelText('Amount (USDT)'), '100')
    await app.user.type(screen.getByLabelText('Transaction password', { selector: 'input' }), 'pay secret')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(screen.getAllByText('Set your coin address first')).toHaveLength(2))
    expect(withdrawCalls(app)).toHaveLength(0)
  })

  it('shows the fee, the arrival amount and the frozen total exactly; All is available − fee', async () => {
    const app = await open()
    const amount = await screen.findByLabelText('Amount (USDT)')
    expect(screen.getByTestId('withdraw-available').textContent).toBe('800.00 USDT')
    await app.user.type(amount, '100.000001')
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.00 USDT')
    expect(screen.getByTestId('withdraw-arrival').textContent).toBe('100.000001 USDT')
    expect(screen.getByTestId('withdraw-frozen').textContent).toBe('101.000001 USDT')
    await app.user.click(screen.getByRole('button', { name: 'All' }))
    expect((amount as HTMLInputElement).value).toBe('799')
    expect(screen.getByTestId('withdraw-frozen').textContent).toBe('800.00 USDT')
  })

  it('says why nothing can be withdrawn while a chain deposit confirms, or a reversed one owes', async () => {
    await open(
      undefined,
      undefined,
      user,
      withdrawOption({ available: '0', locked: { reason: 'confirming', currency: 'USDT' } }),
    )
    expect((await screen.findByTestId('withdraw-locked')).textContent).toBe(
      'Withdrawals open once your USDT deposits reach 6 confirmations. Until then they can be traded, not withdrawn.',
    )
    expect(screen.getByTestId('withdraw-available').textContent).toBe('0.00 USDT')
    cleanupApp()
    await open(
      undefined,
      undefined,
      user,
      withdrawOption({ available: '0', locked: { reason: 'debt', currency: 'ETH', amount: '0.25' } }),
    )
    expect((await screen.findByTestId('withdraw-locked')).textContent).toBe(
      'A reversed ETH deposit still owes 0.25 ETH: withdrawals open once your next deposits have repaid it.',
    )
  })

  it('checks the minimum and the balance before sending', async () => {
    const app = await open()
    await app.user.type(await screen.findByLabelText('Amount (USDT)'), '5')
    await app.user.type(screen.getByLabelText('Transaction password', { selector: 'input' }), 'x')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(errorUnder('Amount (USDT)')).toBe('The minimum withdrawal is 10 USDT'))
    await app.user.clear(screen.getByLabelText('Amount (USDT)'))
    await app.user.type(screen.getByLabelText('Amount (USDT)'), '800')
    await waitFor(() => expect(errorUnder('Amount (USDT)')).toBe('Lack of funds')) // 800 + 1 fee > 800
    expect(withdrawCalls(app)).toHaveLength(0)
  })

  it('retries a network failure with the same key, shows a wrong password under its field, new key per submit', async () => {
    let n = 0
    const app = await open([savedAddress()], () => {
      n++
      if (n === 1) return Promise.reject(new TypeError('Failed to fetch'))
      if (n === 2) return envelope(400, { field: 'pay_password' }, 'The transaction password is incorrect')
      return envelope(1, { id: 9, status: 'pending', fee: '1', arrival_amount: '100' })
    })
    await app.user.type(await screen.findByLabelText('Amount (USDT)'), '100')
    await app.user.type(screen.getByLabelText('Transaction password', { selector: 'input' }), 'wrong one')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    // Nothing is sent before the confirmation, which says where the money goes and what it costs (issue 24 part 3).
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm this withdrawal?' })
    expect(withdrawCalls(app)).toHaveLength(0)
    expect(confirm.textContent).toContain(savedAddress().address)
    expect(confirm.textContent).toContain('101.00 USDT')
    await app.user.click(within(confirm).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(errorUnder('Transaction password')).toBe('The transaction password is incorrect'))
    const [first, retry] = withdrawCalls(app)
    expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/)
    expect(keyOf(retry)).toBe(keyOf(first))
    expect(JSON.parse(first?.body ?? '{}')).toEqual({
      currency: 'USDT',
      chain: 'TRC20',
      address_id: 5,
      amount: '100',
      pay_password: 'wrong one',
    })
    await app.user.type(screen.getByLabelText('Transaction password', { selector: 'input' }), '!')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const again = await screen.findByRole('alertdialog', { name: 'Confirm this withdrawal?' })
    await app.user.click(within(again).getByRole('button', { name: 'Withdraw' }))
    await app.at('/withdrawal-record')
    const third = withdrawCalls(app)[2]
    expect(keyOf(third)).toMatch(/^[0-9a-f-]{36}$/)
    expect(keyOf(third)).not.toBe(keyOf(first))
    expect(JSON.parse(third?.body ?? '{}')).toMatchObject({ pay_password: 'wrong one!' })
  })

  it('with two-factor authentication on asks for the authenticator code and sends it', async () => {
    const app = await open(
      [savedAddress()],
      () => envelope(1, { id: 9, status: 'pending', fee: '1', arrival_amount: '100', hold: null }),
      userInfo({ has_pay_password: true, two_factor: true }),
    )
    await app.user.type(await screen.findByLabelText('Amount (USDT)'), '100')
    await app.user.type(screen.getByLabelText('Transaction password', { selector: 'input' }), 'Pay-pass-2468')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(errorUnder('Authenticator code')).toBe('Enter the 6-digit code'))
    expect(withdrawCalls(app)).toHaveLength(0)
    await app.user.type(screen.getByLabelText('Authenticator code'), '12 34 56')
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm this withdrawal?' })
    await app.user.click(within(confirm).getByRole('button', { name: 'Withdraw' }))
    await app.at('/withdrawal-record')
    expect(JSON.parse(withdrawCalls(app)[0]?.body ?? '{}')).toMatchObject({ totp_code: '123456' })
  })

  it('without a transaction password links to set one instead of asking for it', async () => {
    await open([savedAddress()], undefined, userInfo({ has_pay_password: false }))
    expect(await screen.findByRole('link', { name: 'Set transaction password' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })

  it('is closed in the simulation account', async () => {
    await open([savedAddress()], undefined, userInfo({ book: 'demo' }))
    expect(await screen.findByText('Withdrawals are closed in the simulation account.')).toBeTruthy()
    expect(screen.queryByLabelText('Amount (USDT)')).toBeNull()
  })
})
