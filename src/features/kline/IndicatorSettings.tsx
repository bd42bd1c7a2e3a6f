import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Field } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { indicatorStore, PERIOD_MAX, PERIOD_MIN, readPeriods, setPeriods } from './indicator-store'
import { DEFAULT_INDICATORS } from './model/indicators'

/**
 * The periods of the MA and EMA lines (issue 24 part 5: "configurable periods"), up to three, each a whole number of
 * bars from PERIOD_MIN to PERIOD_MAX; an emptied field drops its line. Saved for every market and period.
 */
export function IndicatorSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const [texts, setTexts] = useState<string[]>(() => fieldsOf(indicatorStore.choice.periods))
  const [bad, setBad] = useState<number[]>([])
  const problem = t({
    id: 'kline.ind.periodProblem',
    message: `Enter a whole number of bars from ${PERIOD_MIN} to ${PERIOD_MAX}`,
  })
  const save = () => {
    const read = readPeriods(texts)
    setBad(read.bad)
    if (read.bad.length > 0) return
    setPeriods(read.periods)
    onClose()
  }
  return (
    <Sheet open={open} title={t({ id: 'kline.ind.settings', message: 'Indicator settings' })} onClose={onClose}>
      <p className="kline-ind-settings__lead">
        <Trans id="kline.ind.settingsLead">
          Periods of the MA and EMA lines, in bars. Leave a field empty to hide its line.
        </Trans>
      </p>
      {texts.map((text, i) => {
        const line = i + 1
        return (
          <Field
            key={i}
            label={t({ id: 'kline.ind.periodLabel', message: `Line ${line}` })}
            inputMode="numeric"
            autoComplete="off"
            value={text}
            error={bad.includes(i) ? problem : undefined}
            onChange={(v) => setTexts((all) => all.map((x, k) => (k === i ? v : x)))}
          />
        )
      })}
      <div className="kline-ind-settings__actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setTexts(fieldsOf(DEFAULT_INDICATORS.periods))
            setBad([])
          }}
        >
          <Trans id="kline.ind.reset">Reset</Trans>
        </button>
        <button type="button" className="btn btn--primary" onClick={save}>
          <Trans id="kline.ind.save">Save</Trans>
        </button>
      </div>
    </Sheet>
  )
}

/** Three fields: the saved periods, then empty ones. */
function fieldsOf(periods: readonly number[]): string[] {
  return [0, 1, 2].map((i) => (periods[i] === undefined ? '' : String(periods[i])))
}
