// Answers of the money calls (common/api/assets) for UI tests: an overview, withdrawal options, saved addresses.
import type { Overview, SavedAddress, WithdrawOption } from '../../common/api/assets'

/** An overview of the live book: 800 USDT usable + 1 frozen in the coin account, 200 in the contract account. */
export function overview(patch: Partial<Overview> = {}): Overview {
  return {
    book: 'live',
    total_usdt: '1001.00',
    daily_income_usdt: '-12.5',
    priced_at: 1_795_000_000_000,
    price_source: 'sim',
    wallets: [
      {
        wallet: 'spot',
        total_usdt: '801.00',
        balances: [
          { currency: 'USDT', available: '800', frozen: '1', amount: '801', usdt_value: '801.00' },
          { currency: 'BTC', available: '0', frozen: '0', amount: '0', usdt_value: '0.00' },
        ],
      },
      {
        wallet: 'contract',
        total_usdt: '200.00',
        balances: [{ currency: 'USDT', available: '200', frozen: '0', amount: '200', usdt_value: '200.00' }],
      },
      { wallet: 'option', total_usdt: '0.00', balances: [] },
    ],
    ...patch,
  }
}

/** USDT on TRC20: minimum 10, fee 1, 800 usable. */
export function withdrawOption(patch: Partial<WithdrawOption> = {}): WithdrawOption {
  return {
    currency: 'USDT',
    chain: 'TRC20',
    enabled: true,
    min_withdraw: '10',
    withdraw_fee: '1',
    scale: 6,
    available: '800',
    locked: null,
    ...patch,
  }
}

/** A saved USDT TRC20 address. */
export function savedAddress(patch: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id: 5,
    currency: 'USDT',
    chain: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    label: 'My wallet',
    created_at: '2026-01-02 03:04:05',
    ...patch,
  }
}
