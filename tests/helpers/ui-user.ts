// A signed-in user as the server's `user/info` answers it, for UI tests. Types only: importing it has no side effects,
// so tests that install storage before importing the app's modules can use it.
import type { UserInfo } from '../../common/api/account'

/** A signed-in user as `user/info` answers it; override what a screen depends on. */
export function userInfo(patch: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    account: 'ann@example.com',
    email: 'ann@example.com',
    area_code: null,
    phone: null,
    wallet_address: null,
    invite_code: 'ANN7',
    role: 'user',
    has_password: true,
    has_pay_password: false,
    two_factor: false,
    anti_phishing: null,
    identity: { basic: 'none', advanced: 'none' },
    created_at: '2026-01-01 00:00:00',
    book: 'live',
    ...patch,
  }
}
