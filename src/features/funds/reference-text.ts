/**
 * The operation a ledger transaction belongs to, from its reference (`deposit:12`, `withdrawal:3`, `transfer:7`;
 * server/money; `order:5`, `fill:9`, `micro:4`, `contract_order:6`, `position:2`, `financial:12`,
 * `financial:12:day:3`: server/trading), as people read it: "Deposit #12". References of other kinds (the demo
 * book's) read as their kind.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { LEDGER_KIND_LABELS } from './labels'

/** `reference` in words, in `i18n`'s language; the raw reference when its kind is unknown. */
export function referenceText(reference: string, i18n: I18n): string {
  const [kind = '', id = '', part = '', day = ''] = reference.split(':')
  switch (kind) {
    case 'deposit':
      return i18n._(msg({ id: 'funds.ref.deposit', message: `Deposit #${id}` }))
    case 'withdrawal':
      return i18n._(msg({ id: 'funds.ref.withdrawal', message: `Withdrawal #${id}` }))
    case 'transfer':
      return i18n._(msg({ id: 'funds.ref.transfer', message: `Transfer #${id}` }))
    case 'order':
      return i18n._(msg({ id: 'funds.ref.order', message: `Spot order #${id}` }))
    case 'micro':
      return i18n._(msg({ id: 'funds.ref.micro', message: `Options order #${id}` }))
    case 'fill':
      return i18n._(msg({ id: 'funds.ref.fill', message: `Spot fill #${id}` }))
    case 'contract_order':
      return i18n._(msg({ id: 'funds.ref.contractOrder', message: `Futures order #${id}` }))
    case 'position':
      return i18n._(msg({ id: 'funds.ref.position', message: `Futures position #${id}` }))
    case 'financial':
      return part === 'day'
        ? i18n._(msg({ id: 'funds.ref.financialDay', message: `Wealth subscription #${id}, day ${day}` }))
        : i18n._(msg({ id: 'funds.ref.financial', message: `Wealth subscription #${id}` }))
    case 'demo_fund':
    case 'demo_adjust':
      return i18n._(LEDGER_KIND_LABELS[kind])
    default:
      return reference
  }
}
