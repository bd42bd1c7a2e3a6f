/** Translated names of feedback types and states (spec §3, §4), as Lingui descriptors for `i18n._`. */
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { FeedbackStatus, FeedbackType } from '../../../common/api/support'

export const FEEDBACK_TYPE_LABELS: Readonly<Record<FeedbackType, MessageDescriptor>> = {
  coin: msg({ id: 'support.type.coin', message: 'Coin' }),
  deposit: msg({ id: 'support.type.deposit', message: 'Deposit' }),
  withdrawal: msg({ id: 'support.type.withdrawal', message: 'Withdrawal' }),
  trade: msg({ id: 'support.type.trade', message: 'Trade' }),
  account: msg({ id: 'support.type.account', message: 'Account' }),
  other: msg({ id: 'support.type.other', message: 'Other' }),
}

export const FEEDBACK_STATUS_LABELS: Readonly<Record<FeedbackStatus, MessageDescriptor>> = {
  waiting: msg({ id: 'support.status.waiting', message: 'Waiting' }),
  replied: msg({ id: 'support.status.replied', message: 'Replied' }),
}
