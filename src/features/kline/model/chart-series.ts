/**
 * The chart's view of the shared candle series (common/feed/candle-series): the renderers read `time` and `volume`,
 * names that say what they plot. Prices are plot coordinates only; displayed figures are formatted from the feed's
 * own numbers.
 */
import { CandleSeries } from '../../../../common/feed/candle-series'

/** Unbounded candle series with the chart's column names. */
export class ChartSeries extends CandleSeries {
  /** Bar open times, epoch seconds, ascending (the `id` column). */
  get time(): Float64Array {
    return this.id
  }

  /** Base-currency volume per bar (the feed's `amount` column). */
  get volume(): Float64Array {
    return this.amount
  }
}
