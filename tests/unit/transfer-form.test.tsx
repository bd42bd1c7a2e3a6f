// @vitest-environment happy-dom
// A transfer as a user drives it: "All" is the from-account's usable balance, swapping the accounts swaps it, a keyed
// call is sent, and afterwards the form is ready for the next one (empty amount, no error under it).
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { overview } from '../helpers/ui-money'
import { account } from './lever-fixtures'

afterEach(cleanupApp)

describe('transfer', () => {
  it('All, swap, send, and a clean form afterwards', async () => {
    const app = await renderApp(
      '/transfer',
      (c) => {
        if (c.url.includes('assets/overview')) return envelope(1, overview())
        if (c.url.includes('assets/transfer_list')) return envelope(1, { list: [], total: 0, page: 1, limit: 20 })
        if (c.url.endsWith('assets/transfer')) return envelope(1, { id: 4 })
        return undefined
      },
      { user: userInfo() },
    )
    const amount = await screen.findByLabelText('Amount')
    expect(screen.getByTestId('transfer-available').textContent).toBe('800.00 USDT')
    await app.user.click(screen.getByRole('button', { name: 'Swap accounts' }))
    expect(screen.getByTestId('transfer-available').textContent).toBe('200.00 USDT')
    await app.user.click(screen.getByRole('button', { name: 'All' }))
    expect((amount as HTMLInputElement).value).toBe('200')
    await app.user.click(screen.getByRole('button', { name: 'Transfer' }))
    await waitFor(() => expect(app.calls.filter((c) => c.url === '/api/assets/transfer')).toHaveLength(1))
    const call = app.calls.find((c) => c.url === '/api/assets/transfer')
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ currency: 'USDT', from: 'contract', to: 'spot', amount: '200' })
    expect(call?.headers['idempotency-key']).toBeTruthy()
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe(''))
    expect(errorUnder('Amount')).toBe('')
  })

  it("out of the futures wallet, Available and All are the server's cap while a position needs the rest", async () => {
    const app = await renderApp(
      '/transfer',
      (c) => {
        if (c.url.includes('assets/overview')) return envelope(1, overview())
        if (c.url.includes('assets/transfer_list')) return envelope(1, { list: [], total: 0, page: 1, limit: 20 })
        // 200 available in the futures wallet, of which a losing position leaves 74.95 free to go.
        if (c.url.includes('contract/account')) return envelope(1, account('200', { max_transfer_out: '74.95' }))
        return undefined
      },
      { user: userInfo() },
    )
    const amount = await screen.findByLabelText('Amount')
    await app.user.click(screen.getByRole('button', { name: 'Swap accounts' }))
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('74.95 USDT'))
    await app.user.click(screen.getByRole('button', { name: 'All' }))
    expect((amount as HTMLInputElement).value).toBe('74.95')
  })
})
