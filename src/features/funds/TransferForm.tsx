import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { compare, parseDecimal } from '../../../common/amount'
import type { Overview, Wallet } from '../../../common/api/assets'
import { describeFailure } from '../../api/problem'
import { Choices } from '../../ui/Choices'
import { appFormOptions, setFieldProblem, useAppForm, useFormText, type FormText } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { allOf, normalizeAmount, readAmount } from './amount-check'
import { amountText } from './bound-amount'
import { transferCurrencies, transferScale, usableIn } from './transfer-balances'
import { WalletPair } from './WalletPair'
import '../../styles/funds.css'
import { formatAmount } from '../../lib/format'

/** The first shown error of a field's error list (client check or server refusal). */
const firstText = (errors: readonly unknown[]) =>
  errors.find((e): e is FormText => (typeof e === 'string' ? e !== '' : typeof e === 'object' && e !== null))

interface Values {
  from: Wallet
  to: Wallet
  currency: string
  amount: string
}

/**
 * A transfer between two wallets of the book (spec §5: amount required), instant: from and to with a swap, the
 * currency, the amount with "All" (the from-wallet's usable balance). `onDone` after each transfer (reload).
 */
export function TransferForm({ overview, onDone }: { overview: Overview | null; onDone: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const show = useFormText()
  const currencies = transferCurrencies(overview)
  // Out of the futures wallet only what the open positions do not need may leave (issue 21 part 2): the server's cap
  // (`contract/account` max_transfer_out) bounds what "Available" shows and "All" fills in. Read again with the
  // overview (after each transfer) and when "All" is tapped: the cap moves with the mark, and a read the server could
  // not answer (a stale mark: null) would otherwise offer the whole wallet until the next transfer.
  const [maxOut, setMaxOut] = useState<string | null>(null)
  const readCap = useCallback(
    () =>
      api.contractAccount({ silent: true }).then(
        (a) => a.max_transfer_out,
        () => null,
      ),
    [api],
  )
  useEffect(() => {
    let live = true
    void readCap().then((cap) => live && setMaxOut(cap))
    return () => {
      live = false
    }
  }, [readCap, overview])
  const capped = (cap: string | null, from: Wallet, currency: string) => {
    const inWallet = usableIn(overview, from, currency)
    if (from !== 'contract' || currency !== 'USDT' || cap === null) return inWallet
    return compare(parseDecimal(cap), parseDecimal(inWallet)) < 0 ? cap : inWallet
  }
  const usable = (from: Wallet, currency: string) => capped(maxOut, from, currency)
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { from: 'spot', to: 'contract', currency: currencies[0] ?? 'USDT', amount: '' },
      check: (v) => ({
        amount: amountText(v.amount, v.currency, {
          scale: transferScale(v.currency),
          // The wallet's balance, not the cap: an amount between the two goes to the server, whose refusal names
          // the maximum and why (a bare "Lack of funds" would not).
          available: usableIn(overview, v.from, v.currency),
        }),
      }),
      describe: describeFailure,
      send: async (v, f) => {
        const amount = readAmount(v.amount) ?? v.amount
        await api.transfer({ currency: v.currency, from: v.from, to: v.to, amount }, { silent: true })
        showToast(msg({ id: 'funds.transferDone', message: 'Transfer successful' }), 'success')
        // A fresh form for the next transfer (same accounts and currency): no "enter an amount" under the empty field.
        f.reset({ ...v, amount: '' })
        onDone()
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="fd-card fd-form">
        <form.Subscribe selector={(s) => ({ v: s.values, fromErrors: s.fieldMeta.from?.errors ?? [] })}>
          {({ v, fromErrors }) => (
            <>
              <WalletPair
                from={v.from}
                to={v.to}
                onChange={(pair) => {
                  form.setFieldValue('from', pair.from)
                  form.setFieldValue('to', pair.to)
                  setFieldProblem(form, 'from', undefined)
                }}
                error={show(firstText(fromErrors))}
              />
              <Choices
                label={t({ id: 'funds.currency', message: 'Currency' })}
                options={currencies.map((c) => ({ value: c, label: c }))}
                value={v.currency}
                onChange={(c) => form.setFieldValue('currency', c)}
              />
              <form.AppField name="amount">
                {(f) => (
                  <f.TextField
                    label={t({ id: 'funds.transferAmount', message: 'Amount' })}
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    normalize={normalizeAmount}
                    hint={
                      <>
                        <Trans id="funds.available">Available</Trans>{' '}
                        <span data-testid="transfer-available">
                          {formatAmount(usable(v.from, v.currency), v.currency, i18n.locale)} {v.currency}
                        </span>
                      </>
                    }
                    suffix={
                      <button
                        type="button"
                        className="fd-all"
                        onClick={() => {
                          const fill = (amount: string) => {
                            const all = allOf(amount, transferScale(v.currency))
                            form.setFieldValue('amount', all)
                            setFieldProblem(form, 'amount', undefined)
                            return all
                          }
                          const first = fill(usable(v.from, v.currency))
                          if (v.from !== 'contract' || v.currency !== 'USDT') return
                          // The cap of this moment replaces the one read with the overview, unless the user has
                          // changed the amount or the wallet meanwhile.
                          void readCap().then((cap) => {
                            setMaxOut(cap)
                            const untouched =
                              form.getFieldValue('amount') === first && form.getFieldValue('from') === 'contract'
                            if (untouched) fill(capped(cap, 'contract', v.currency))
                          })
                        }}
                      >
                        <Trans id="funds.all">All</Trans>
                      </button>
                    }
                  />
                )}
              </form.AppField>
            </>
          )}
        </form.Subscribe>
        <p className="fd-sheet-form__note">
          <Trans id="funds.transferInstant">Transfers between your accounts are instant and free.</Trans>
        </p>
        <form.FormProblem />
        <form.SubmitButton>
          <Trans id="funds.transferSubmit">Transfer</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
