import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { MarketTradeConfig, OrderSide, OrderType } from '../../../common/api/trade'
import { describeFailure, type Api } from '../../api'
import { useBook } from '../../engine'
import { newIdempotencyKey } from '../../lib/idempotency-key'
import type { DialogDetail } from '../../ui/dialog'
import { appFormOptions, setFieldProblem, useAppForm, useFormText, type FieldTexts } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { markPlacing, placingDone } from '../user-stream'
import { normalizeAmount, readAmount } from '../funds'
import { AtMarketNote, confirmOrder, DETAIL_LABELS, OrderTypeSwitch, ShareButtons, TYPE_LABELS } from '../order-form'
import { formatAmount, formatMoney, formatPrice } from '../../lib/format'
import { MiniBook } from './MiniBook'
import { amountForShare, amountScale, checkOrder, previewOrder, type OrderDraft } from './order-math'
import { amountProblemText, priceProblemText, typeProblemText } from './order-problems'
import { OrderPreviewLines } from './OrderPreviewLines'
import { SIDE_LABELS } from './labels'
import { LivePausedNote } from '../markets'
import { OfflinePlacing, useOnline } from '../kept'

/** Book levels the form walks for a market order's preview (the engine's default depth). */
const BOOK_DEPTH = 20

export interface TradeFormProps {
  api: Pick<Api, 'orderPlace'>
  terms: MarketTradeConfig
  /** The last trade price (quote), to start a limit price from. */
  lastPrice: string | null
  /** Usable spot balance per currency; undefined when signed out. */
  available: ((currency: string) => string) | undefined
  /** Signed out: the button goes to login instead of sending. */
  onLogin: () => void
  /** After an order was placed (reload balances and orders). */
  onPlaced: () => void
}

/**
 * The spot order form beside a live mini book (spec §2 Trade): buy or sell, limit or market, price and quantity with
 * 25/50/75/100 % of the balance, the fee and transaction amount before sending, "Do you confirm the order?", and
 * "Lack of funds" before anything is sent. Tapping a book level takes its price. A submission carries a client_oid
 * that stays the same while the order is unchanged, so sending it again after a lost answer places it once.
 */
export function TradeForm({ api, terms, lastPrice, available, onLogin, onPlaced }: TradeFormProps) {
  // Subscribed here, where it is shown and walked: a book snapshot re-renders the form, not the whole screen.
  const book = useBook(terms.symbol, BOOK_DEPTH)
  const { t, i18n } = useLingui()
  const online = useOnline()
  const show = useFormText()
  // The client_oid of the order being sent: kept while the same order is sent again (a lost answer), new otherwise.
  const [pending, setPending] = useState<{ draft: string; oid: string } | null>(null)
  const scale = amountScale(terms)
  const { base, quote } = terms
  // Changed only on purpose: new defaults would reset an untouched form (TanStack Form's `update` on each render).
  const [defaults, setDefaults] = useState<OrderDraft>(() => ({
    side: 'buy',
    type: 'limit',
    price: lastPrice ?? '',
    amount: '',
  }))
  /** What the confirmation lists: side, type, price (or "Market"), quantity, transaction amount and fee. */
  const orderDetails = (v: OrderDraft): DialogDetail[] => {
    const p = previewOrder(v, terms, book)
    const estimate = v.type === 'market' || p.crosses === true ? '≈ ' : ''
    const locale = i18n.locale
    return [
      { label: DETAIL_LABELS.side, value: t(SIDE_LABELS[v.side]), testId: 'confirm-side' },
      { label: DETAIL_LABELS.type, value: t(TYPE_LABELS[v.type]), testId: 'confirm-type' },
      {
        label: DETAIL_LABELS.price,
        value:
          v.type === 'limit'
            ? `${formatPrice(v.price, terms.price_precision, locale)} ${quote}`
            : t(DETAIL_LABELS.market),
        testId: 'confirm-price',
      },
      {
        label: DETAIL_LABELS.amount,
        value: `${formatMoney(v.amount, locale, { minScale: 0 })} ${base}`,
        testId: 'confirm-amount',
      },
      {
        label: DETAIL_LABELS.total,
        value: p.total
          ? `${estimate}${formatAmount(p.total, quote, locale, { charge: v.side === 'buy' })} ${quote}`
          : '--',
        testId: 'confirm-total',
      },
      {
        label: DETAIL_LABELS.fee,
        value: p.fee
          ? `${estimate}${formatAmount(p.fee.amount, p.fee.currency, locale, { charge: true })} ${p.fee.currency}`
          : '--',
        testId: 'confirm-fee',
      },
    ]
  }
  const form = useAppForm(
    appFormOptions<OrderDraft>({
      defaultValues: defaults,
      check: (v) => {
        const p = checkOrder(v, terms, previewOrder(v, terms, book), available, book !== undefined)
        const texts: FieldTexts = {}
        if (p.price) texts.price = priceProblemText(p.price, terms.price_precision)
        if (p.amount) {
          texts.amount = amountProblemText(p.amount, { scale, min: terms.min_amount, base: terms.base })
        }
        if (p.type) texts.type = typeProblemText(p.type)
        return texts
      },
      describe: describeFailure,
      send: async (v, f) => {
        if (!(await confirmOrder('spot', orderDetails(v)))) return
        // The checks ran before `send`: both read (a null here would be a bug the server refuses anyway).
        const amount = readAmount(v.amount)
        const price = v.type === 'limit' ? (readAmount(v.price) ?? undefined) : undefined
        if (amount === null) return
        const draft = JSON.stringify([terms.symbol, v.side, v.type, price, amount])
        const mine = pending?.draft === draft ? pending : { draft, oid: newIdempotencyKey() }
        setPending(mine)
        // Its immediate fill is told below, not again by the user stream's toasts.
        markPlacing(mine.oid)
        const order = await api
          .orderPlace(
            { symbol: terms.symbol, side: v.side, type: v.type, amount, client_oid: mine.oid, price },
            { silent: true },
          )
          .finally(() => placingDone(mine.oid))
        setPending(null)
        showToast(
          order.status === 'filled'
            ? msg({ id: 'trade.filled', message: 'Order filled' })
            : msg({ id: 'trade.placed', message: 'Order placed' }),
          'success',
        )
        // The next order starts from this one (side, type, price) with no quantity and no "enter a quantity" yet.
        const next = { ...v, amount: '' }
        setDefaults(next)
        f.reset(next)
        onPlaced()
      },
    }),
  )
  // The limit price starts at the last price once one is known (the first ticker may come after the form), unless
  // the user has touched the field.
  useEffect(() => {
    if (lastPrice === null || form.getFieldValue('price') !== '' || form.getFieldMeta('price')?.isTouched) return
    form.setFieldValue('price', lastPrice)
  }, [form, lastPrice])
  const setType = (type: OrderType) => {
    form.setFieldValue('type', type)
    if (type === 'limit' && form.getFieldValue('price') === '' && lastPrice) form.setFieldValue('price', lastPrice)
    setFieldProblem(form, 'type', undefined)
  }
  return (
    <form.AppForm>
      <form.Subscribe selector={(s) => ({ v: s.values, typeErrors: s.fieldMeta.type?.errors ?? [] })}>
        {({ v, typeErrors }) => {
          const preview = previewOrder(v, terms, book)
          const spendCurrency = v.side === 'buy' ? terms.quote : terms.base
          const sideLabel = (s: OrderSide) => t(SIDE_LABELS[s])
          const typeError = show(typeErrors.find((e) => e !== undefined && e !== null && e !== '') as never)
          return (
            <div className="of-panel">
              <form.Form className="of-form">
                <div
                  className="of-sides"
                  role="radiogroup"
                  aria-label={t({ id: 'trade.direction', message: 'Direction' })}
                >
                  {(['buy', 'sell'] as const).map((s) => (
                    <button
                      key={s}
                      type="button"
                      role="radio"
                      aria-checked={v.side === s}
                      className={`of-sides__btn of-sides__btn--${s === 'buy' ? 'up' : 'down'}${v.side === s ? ' of-sides__btn--on' : ''}`}
                      onClick={() => form.setFieldValue('side', s)}
                    >
                      {sideLabel(s)}
                    </button>
                  ))}
                </div>
                <OrderTypeSwitch type={v.type} onChange={setType} />
                {typeError && (
                  <p className="field__error" role="alert">
                    {typeError}
                  </p>
                )}
                {v.type === 'limit' ? (
                  <form.AppField name="price">
                    {(f) => (
                      <f.TextField
                        label={t({ id: 'trade.price', message: `Price (${quote})` })}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="0"
                        normalize={normalizeAmount}
                      />
                    )}
                  </form.AppField>
                ) : (
                  <AtMarketNote testId="market-price-note" />
                )}
                <form.AppField name="amount">
                  {(f) => (
                    <f.TextField
                      label={t({ id: 'trade.amount', message: `Quantity (${base})` })}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0"
                      normalize={normalizeAmount}
                    />
                  )}
                </form.AppField>
                <ShareButtons
                  disabled={!available}
                  onPick={(pct) => {
                    const a = available && amountForShare(pct, v, terms, available, book)
                    if (!a) return
                    form.setFieldValue('amount', a)
                    setFieldProblem(form, 'amount', undefined)
                  }}
                />
                <OrderPreviewLines
                  preview={preview}
                  market={v.type === 'market'}
                  quote={terms.quote}
                  pricePrecision={terms.price_precision}
                  available={available ? { amount: available(spendCurrency), currency: spendCurrency } : null}
                  locale={i18n.locale}
                />
                <LivePausedNote />
                {!online && <OfflinePlacing />}
                <form.FormProblem />
                {available ? (
                  <form.SubmitButton
                    className={`btn btn--block of-submit of-submit--${v.side === 'buy' ? 'up' : 'down'}`}
                    disabled={!online}
                  >
                    {v.side === 'buy' ? (
                      <Trans id="trade.submitBuy">Buy {base}</Trans>
                    ) : (
                      <Trans id="trade.submitSell">Sell {base}</Trans>
                    )}
                  </form.SubmitButton>
                ) : (
                  <button
                    type="button"
                    className={`btn btn--block of-submit of-submit--${v.side === 'buy' ? 'up' : 'down'}`}
                    onClick={onLogin}
                  >
                    <Trans id="trade.logInToTrade">Log in to trade</Trans>
                  </button>
                )}
              </form.Form>
              <MiniBook
                book={book}
                terms={terms}
                lastPrice={lastPrice}
                locale={i18n.locale}
                onPick={(price) => {
                  form.setFieldValue('type', 'limit')
                  form.setFieldValue('price', price)
                  setFieldProblem(form, 'price', undefined)
                }}
              />
            </div>
          )
        }}
      </form.Subscribe>
    </form.AppForm>
  )
}
