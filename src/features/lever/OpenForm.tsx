import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { DecimalString } from '../../../common/amount'
import type { ContractMarket, ContractOrder } from '../../../common/api/contract'
import type { Api } from '../../api'
import { useBook } from '../../engine'
import { setFieldProblem, useFormText, type FormText } from '../../ui/form'
import { normalizeAmount } from '../funds'
import { AtMarketNote, ShareButtons } from '../order-form'
import { MiniBook } from '../trade'
import { OPEN_LABELS } from './labels'
import { rememberLeverage } from './leverage-choice'
import { previewOpen, type Holdings, type OpenDraft } from './open-math'
import { OpenPreviewLines } from './OpenPreviewLines'
import { amountForShare } from './share-amount'
import { OrderChoices, type Choice } from './OrderChoices'
import { useOpenForm } from './use-open-form'
import './lever-form.css'
import { LivePausedNote } from '../markets'
import { OfflinePlacing, useOnline } from '../kept'

/** Book levels the form walks for a market order's preview (the engine's default depth). */
const BOOK_DEPTH = 20

const firstError = (errors: unknown[] | undefined) =>
  errors?.find((e) => e !== undefined && e !== null && e !== '') as FormText | undefined

/**
 * The futures order form beside the live book (issue 12): Long or Short, market or limit, cross-margin leverage,
 * price and quantity with 25/50/75/100 % of the available balance, optional take-profit and stop-loss, and before
 * sending the notional, margin, fee and estimated liquidation price. Signed out, the button goes to login.
 */
export function OpenForm(props: {
  api: Pick<Api, 'contractPlace'>
  terms: ContractMarket
  pair: string
  lastPrice: string | null
  mark: DecimalString | undefined
  holdings: Holdings | undefined
  loggedIn: boolean
  onLogin: () => void
  onPlaced: (order: ContractOrder) => void
}) {
  const { terms, holdings, mark, lastPrice } = props
  // Subscribed here, where it is shown and walked: a book snapshot re-renders the form, not the whole screen.
  const book = useBook(terms.symbol, BOOK_DEPTH)
  const { t, i18n } = useLingui()
  const online = useOnline()
  const show = useFormText()
  const form = useOpenForm({ ...props, book })
  const { base, quote } = terms
  // A limit price starts at the latest price once one is known, unless the user has touched the field.
  useEffect(() => {
    if (lastPrice === null || form.getFieldValue('price') !== '' || form.getFieldMeta('price')?.isTouched) return
    form.setFieldValue('price', lastPrice)
  }, [form, lastPrice])
  const numberField = (name: 'price' | 'amount' | 'tp' | 'sl', label: string) => (
    <form.AppField name={name}>
      {(f) => (
        <f.TextField label={label} inputMode="decimal" autoComplete="off" placeholder="0" normalize={normalizeAmount} />
      )}
    </form.AppField>
  )
  const choose = (patch: Partial<Pick<OpenDraft, Choice>>) => {
    if (patch.side) form.setFieldValue('side', patch.side)
    // A new order type or leverage makes the last refusal of it stale.
    if (patch.type) {
      form.setFieldValue('type', patch.type)
      setFieldProblem(form, 'type', undefined)
    }
    if (patch.leverage !== undefined) {
      rememberLeverage(terms.symbol, patch.leverage)
      form.setFieldValue('leverage', patch.leverage)
      setFieldProblem(form, 'leverage', undefined)
    }
  }
  const set = (name: 'price' | 'amount', value: string) => {
    form.setFieldValue(name, value)
    setFieldProblem(form, name, undefined)
  }
  return (
    <form.AppForm>
      <form.Subscribe selector={(s) => ({ v: s.values, meta: s.fieldMeta })}>
        {({ v, meta }) => {
          const preview = previewOpen(v, terms, book, holdings, mark)
          return (
            <div className="of-panel">
              <form.Form className="of-form">
                <OrderChoices
                  draft={v}
                  terms={terms}
                  pair={props.pair}
                  errors={{
                    type: show(firstError(meta.type?.errors)),
                    leverage: show(firstError(meta.leverage?.errors)),
                  }}
                  onChange={choose}
                />
                {v.type === 'limit' ? (
                  numberField('price', t({ id: 'trade.price', message: `Price (${quote})` }))
                ) : (
                  <AtMarketNote testId="lever-market-note" />
                )}
                {numberField('amount', t({ id: 'trade.amount', message: `Quantity (${base})` }))}
                <ShareButtons
                  disabled={!holdings}
                  onPick={(pct) => {
                    const a = holdings && amountForShare(pct, v, terms, holdings.available, book)
                    if (a) set('amount', a)
                  }}
                />
                <label className="lv-check">
                  <input
                    type="checkbox"
                    checked={v.tpsl}
                    onChange={(e) => form.setFieldValue('tpsl', e.target.checked)}
                  />
                  <Trans id="lever.tpslToggle">Take-profit / Stop-loss</Trans>
                </label>
                {v.tpsl && (
                  <>
                    {numberField('tp', t({ id: 'lever.tpPrice', message: `Take-profit (${quote})` }))}
                    {numberField('sl', t({ id: 'lever.slPrice', message: `Stop-loss (${quote})` }))}
                  </>
                )}
                <OpenPreviewLines
                  preview={preview}
                  market={v.type === 'market'}
                  quote={quote}
                  pricePrecision={terms.price_precision}
                  available={holdings ? holdings.available : null}
                  locale={i18n.locale}
                />
                <LivePausedNote />
                {!online && <OfflinePlacing />}
                <form.FormProblem />
                {props.loggedIn ? (
                  <form.SubmitButton
                    className={`btn btn--block of-submit of-submit--${v.side === 'long' ? 'up' : 'down'}`}
                    disabled={!online}
                  >
                    <span data-testid="lever-submit">{t(OPEN_LABELS[v.side])}</span>
                  </form.SubmitButton>
                ) : (
                  <button
                    type="button"
                    className={`btn btn--block of-submit of-submit--${v.side === 'long' ? 'up' : 'down'}`}
                    onClick={props.onLogin}
                  >
                    <Trans id="trade.logInToTrade">Log in to trade</Trans>
                  </button>
                )}
              </form.Form>
              <MiniBook
                book={book}
                terms={terms}
                lastPrice={lastPrice}
                mark={mark ?? null}
                lastTestId="lever-book-last"
                locale={i18n.locale}
                onPick={(price) => {
                  form.setFieldValue('type', 'limit')
                  set('price', price)
                }}
              />
            </div>
          )
        }}
      </form.Subscribe>
    </form.AppForm>
  )
}
