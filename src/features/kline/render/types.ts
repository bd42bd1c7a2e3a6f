/**
 * What the canvas renderers need: the subset of CanvasRenderingContext2D they call (so tests can pass a recording
 * fake), the chart colours, the number/time formatters and the translated legend labels.
 */

/** The 2D context calls our renderers make. A real CanvasRenderingContext2D satisfies it. */
export type Ctx2D = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'globalAlpha'
  | 'beginPath'
  | 'closePath'
  | 'rect'
  | 'fill'
  | 'stroke'
  | 'moveTo'
  | 'lineTo'
  | 'fillRect'
  | 'fillText'
  | 'measureText'
  | 'setLineDash'
  | 'save'
  | 'restore'
  | 'setTransform'
>

/** Chart colours (any CSS colour), read from CSS custom properties so both themes work. */
export interface ChartTheme {
  up: string
  down: string
  text: string
  textMuted: string
  grid: string
  border: string
  crosshair: string
  /** Background of crosshair labels and the legend box. */
  labelBg: string
  labelText: string
  /** Background of the OHLCV legend box (a surface colour; its text uses `text`). */
  legendBg: string
  /** Text on up/down coloured label boxes. */
  onAccent: string
  /** Indicator lines, in order (MA5/MA10/MA30, BOLL mid/upper/lower, DIF/DEA, RSI). */
  line1: string
  line2: string
  line3: string
  fontFamily: string
}

/** Formatters of what the chart prints. Prices in quote currency at market precision; volume in base currency. */
export interface ChartFormat {
  // Function properties, not methods: renderers take them apart (`format.price`) and call them unbound.
  price: (value: number) => string
  volume: (value: number) => string
  /** Percent change from `open` to `close`, signed, e.g. "+1.25%". */
  change: (open: number, close: number) => string
  /** Time-axis label of the bar opening at `id` (epoch seconds), given the label step in seconds. */
  axisTime: (id: number, stepSeconds: number) => string
  /** Full time of a bar under the crosshair, "YYYY-MM-DD HH:mm". */
  crosshairTime: (id: number) => string
}

/** Translated legend labels (short forms as in exchange apps: O, H, L, C, V). */
export interface ChartLabels {
  open: string
  high: string
  low: string
  close: string
  volume: string
  change: string
  /** Bollinger Bands' upper and lower band, and MACD's histogram, in the indicator legends. */
  upperBand: string
  lowerBand: string
  macd: string
}

/** Everything a renderer draws with besides the model. `pixelRatio` = device pixels per CSS px. */
export interface RenderScope {
  pixelRatio: number
  theme: ChartTheme
  format: ChartFormat
  labels: ChartLabels
}

/** Font of axis and legend text at `sizePx` CSS px, in bitmap pixels. */
export function bitmapFont(scope: RenderScope, sizePx: number): string {
  return `${Math.round(sizePx * scope.pixelRatio)}px ${scope.theme.fontFamily}`
}
