/**
 * A fake 2D context for the chart renderer tests: records every fill (with the rects of its path and the fill
 * style and alpha at that moment), fillRect, fillText and stroke, so a test can assert what a user would see drawn.
 * measureText assumes 6 px per character at a 10 px font, scaled by the font size.
 */
import { createChartFormat } from '../../src/features/kline/format'
import type { Ctx2D, RenderScope } from '../../src/features/kline/render/types'

export interface RecordedFill {
  style: string
  alpha: number
  rects: [number, number, number, number][]
  /** Path points from moveTo/lineTo (area fills). */
  points: [number, number][]
}
export interface RecordedText {
  text: string
  x: number
  y: number
  style: string
  align: string
}

/** The recorded colour. The chart paints flat colours only; a gradient or pattern would be recorded by kind. */
const styleOf = (style: string | CanvasGradient | CanvasPattern): string =>
  typeof style === 'string' ? style : 'gradient or pattern'

export class RecordingContext implements Ctx2D {
  fillStyle: string | CanvasGradient | CanvasPattern = '#000'
  strokeStyle: string | CanvasGradient | CanvasPattern = '#000'
  lineWidth = 1
  font = '10px sans-serif'
  textAlign: CanvasTextAlign = 'start'
  textBaseline: CanvasTextBaseline = 'alphabetic'
  globalAlpha = 1
  fills: RecordedFill[] = []
  fillRects: { style: string; x: number; y: number; w: number; h: number }[] = []
  texts: RecordedText[] = []
  strokes: { style: string; points: [number, number][]; dash: number[] }[] = []
  transforms: number[][] = []
  private rects: [number, number, number, number][] = []
  private points: [number, number][] = []
  private dash: number[] = []
  private depth = 0

  beginPath(): void {
    this.rects = []
    this.points = []
  }
  closePath(): void {}
  rect(x: number, y: number, w: number, h: number): void {
    this.rects.push([x, y, w, h])
  }
  moveTo(x: number, y: number): void {
    this.points.push([x, y])
  }
  lineTo(x: number, y: number): void {
    this.points.push([x, y])
  }
  fill(): void {
    this.fills.push({
      style: styleOf(this.fillStyle),
      alpha: this.globalAlpha,
      rects: [...this.rects],
      points: [...this.points],
    })
  }
  stroke(): void {
    this.strokes.push({ style: styleOf(this.strokeStyle), points: [...this.points], dash: [...this.dash] })
  }
  fillRect(x: number, y: number, w: number, h: number): void {
    this.fillRects.push({ style: styleOf(this.fillStyle), x, y, w, h })
  }
  fillText(text: string, x: number, y: number): void {
    this.texts.push({ text, x, y, style: styleOf(this.fillStyle), align: this.textAlign })
  }
  measureText(text: string): TextMetrics {
    const size = Number(/(\d+(?:\.\d+)?)px/.exec(this.font)?.[1] ?? 10)
    return { width: text.length * 0.6 * size } as TextMetrics
  }
  setLineDash(segments: number[]): void {
    this.dash = [...segments]
  }
  save(): void {
    this.depth++
  }
  restore(): void {
    this.depth--
  }
  setTransform(...m: unknown[]): void {
    this.transforms.push(m as number[])
  }
  /** save/restore balance (0 when every save was restored). */
  get saveDepth(): number {
    return this.depth
  }
  /** Texts drawn, in order. */
  get textList(): string[] {
    return this.texts.map((t) => t.text)
  }
}

/** Plain colour names so assertions read well. */
export const TEST_THEME = {
  up: 'green',
  down: 'red',
  text: '#111',
  textMuted: '#777',
  grid: '#eee',
  border: '#ddd',
  crosshair: '#999',
  labelBg: '#333',
  labelText: '#fff',
  legendBg: '#fafafa',
  onAccent: '#fff',
  line1: 'orange',
  line2: 'purple',
  line3: 'blue',
  fontFamily: 'sans-serif',
}

/** Render scope at `pixelRatio` with TEST_THEME, English formatting at 2 price decimals and short legend labels. */
export function testScope(pixelRatio = 1): RenderScope {
  return {
    pixelRatio,
    theme: TEST_THEME,
    format: createChartFormat('en', 2),
    labels: {
      open: 'O',
      high: 'H',
      low: 'L',
      close: 'C',
      volume: 'V',
      change: 'Chg',
      upperBand: 'UB',
      lowerBand: 'LB',
      macd: 'MACD',
    },
  }
}
