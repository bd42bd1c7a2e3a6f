import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { compare, parseDecimal, type DecimalString } from '../../../common/amount'
import type { Position, PositionTpslInput } from '../../../common/api/contract'
import { describeFailure, type Api } from '../../api'
import { formatPrice } from '../../lib/format'
import { appFormOptions, useAppForm, type FieldTexts } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'
import { normalizeAmount, readAmount } from '../funds'
import { SIDE_LABELS } from './labels'
import { triggerOnSide, triggerProblem } from './open-check'
import { triggerProblemText } from './open-problems'

interface Values {
  tp: string
  sl: string
}

/** What changed: a new price, null for a cleared one, absent for one left as it was (position_tpsl's rule). */
export function tpslChange(id: number, v: Values, p: Pick<Position, 'tp' | 'sl'>): PositionTpslInput {
  const change = (text: string, now: string | null) => {
    const value = readAmount(text)
    if (value === null) return now === null ? undefined : null
    return now !== null && compare(value, parseDecimal(now)) === 0 ? undefined : value
  }
  return { id, tp: change(v.tp, p.tp), sl: change(v.sl, p.sl) }
}

/**
 * Sets, changes or removes (an empty field) a position's take-profit and stop-loss in a bottom sheet. Checked first
 * as the server checks them: a take-profit beyond the opening price and a stop-loss before the mark price, on the
 * position's side; both trigger on the mark price and close at their own price.
 */
export function TpslSheet({
  api,
  position: p,
  mark,
  pair,
  precision,
  onSaved,
  onClose,
}: {
  api: Pick<Api, 'contractTpsl'>
  position: Position
  /** The pair's mark price now (the server's last when this page has none yet). */
  mark: DecimalString | undefined
  pair: string
  precision: number
  onSaved: () => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const open = parseDecimal(p.open_price)
  const stopRef = mark ?? open
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { tp: p.tp ?? '', sl: p.sl ?? '' },
      check: (v) => {
        const texts: FieldTexts = {}
        for (const [field, ref] of [
          ['tp', open],
          ['sl', stopRef],
        ] as const) {
          let problem = triggerProblem(field, p.side, v[field], ref, precision)
          let price = formatPrice(ref, precision, loc)
          // A changed price the mark has already reached would close the position at once: the server refuses it
          // (triggers.ts checkNotTriggered), so say so here with the mark as shown.
          const value = readAmount(v[field])
          const changed = value !== null && (p[field] === null || compare(value, parseDecimal(p[field])) !== 0)
          if (!problem && mark && changed && !triggerOnSide(field, p.side, value, mark)) {
            problem = 'wouldTrigger'
            price = formatPrice(mark, precision, loc)
          }
          if (problem) texts[field] = triggerProblemText(field, p.side, problem, { scale: precision, price })
        }
        return texts
      },
      describe: describeFailure,
      send: async (v) => {
        const input = tpslChange(p.id, v, p)
        if (input.tp !== undefined || input.sl !== undefined) {
          await api.contractTpsl(input, { silent: true })
          showToast(msg({ id: 'lever.tpslSaved', message: 'Take-profit and stop-loss saved' }), 'success')
          onSaved()
        }
        onClose()
      },
    }),
  )
  const field = (name: keyof Values, label: string, hint: string) => (
    <form.AppField name={name}>
      {(f) => (
        <f.TextField
          label={label}
          hint={hint}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t({ id: 'lever.notSet', message: 'Not set' })}
          normalize={normalizeAmount}
        />
      )}
    </form.AppField>
  )
  const side = t(SIDE_LABELS[p.side])
  const quote = pair.split('/')[1] ?? ''
  const openText = formatPrice(open, precision, loc)
  const markText = formatPrice(stopRef, precision, loc)
  return (
    <Sheet open title={t({ id: 'lever.tpslTitle', message: `TP / SL · ${pair} ${side}` })} onClose={onClose}>
      <form.AppForm>
        <form.Form className="lv-tpsl" data-testid="tpsl-sheet">
          {field(
            'tp',
            t({ id: 'lever.tpPrice', message: `Take-profit (${quote})` }),
            t({ id: 'lever.tpHint', message: `Open price ${openText}` }),
          )}
          {field(
            'sl',
            t({ id: 'lever.slPrice', message: `Stop-loss (${quote})` }),
            t({ id: 'lever.slHint', message: `Mark price ${markText}` }),
          )}
          <p className="lv-tpsl__note">
            <Trans id="lever.tpslNote">
              Both trigger on the mark price and close the whole position at market, so the fill may differ from the
              trigger. Leave a field empty to remove it.
            </Trans>
          </p>
          <form.FormProblem />
          <form.SubmitButton>
            <Trans id="lever.save">Save</Trans>
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </Sheet>
  )
}
