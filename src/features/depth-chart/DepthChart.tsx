/**
 * Depth chart of one order book: a react-konva Stage with two layers (axes, areas), each one Shape whose sceneFunc
 * draws from the latest curves. It has its own lazy chunk (react-konva + react-reconciler), loaded when the Depth tab
 * opens (src/features/kline/lazy.ts). A new book snapshot recomputes the curves and redraws once in the next frame;
 * React re-renders only when the book prop changes.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type Konva from 'konva/lib/Core'
import { Layer, Shape, Stage } from 'react-konva/lib/ReactKonvaCore'
import type { Level } from '../../../common/feed/messages'
import {
  applyPixelRatio,
  createChartFormat,
  readChartTheme,
  useElementWidth,
  watchPixelRatio,
  watchTheme,
  type ChartTheme,
} from '../kline'
import { cumulate, depthDomain } from './depth-model'
import { depthGutter, drawDepthAreas, drawDepthAxes, type DepthScope } from './draw-depth'

export interface DepthChartProps {
  /** Bids descending and asks ascending: `[price (quote), amount (base)]`. */
  bids: readonly Level[]
  asks: readonly Level[]
  pricePrecision: number
  amountPrecision: number
  /** BCP 47 locale for number grouping. */
  locale: string
  /** Stage height, CSS px (default 220). */
  height?: number
}

/** Cumulative bid/ask areas around the mid price. */
export function DepthChart({ bids, asks, pricePrecision, amountPrecision, locale, height = 220 }: DepthChartProps) {
  const boxRef = useRef<HTMLDivElement>(null)
  const layers = useRef<Konva.Layer[]>([])
  const width = useElementWidth(boxRef)
  const [theme, setTheme] = useState<ChartTheme>(() => readChartTheme())
  useEffect(() => watchTheme(() => setTheme(readChartTheme())), [])
  useEffect(() => watchPixelRatio((r) => applyPixelRatio(layers.current, r)), [])
  const format = useMemo(() => createChartFormat(locale, pricePrecision), [locale, pricePrecision])
  const curves = useMemo(() => {
    const b = cumulate(bids, amountPrecision)
    const a = cumulate(asks, amountPrecision)
    return { bids: b, asks: a, domain: depthDomain(b, a) }
  }, [bids, asks, amountPrecision])
  // What the next draw paints. Written in the effect (not during render) and read by Konva's sceneFunc.
  const frame = useRef<{ scope: DepthScope; curves: typeof curves } | null>(null)

  const [measure] = useState(() => makeMeasure())

  useEffect(() => {
    const scope = {
      pixelRatio: window.devicePixelRatio || 1,
      width,
      height,
      gutter: depthGutter(curves.domain, format.volume, (text) => measure(text, theme.fontFamily)),
      theme,
      price: format.price,
      amount: format.volume,
    }
    frame.current = { scope, curves }
    const id = requestAnimationFrame(() => layers.current.forEach((l) => l.draw()))
    return () => cancelAnimationFrame(id)
  }, [curves, width, height, theme, format, measure])

  const paint = (which: 'axes' | 'areas') => (con: Konva.Context) => {
    if (!frame.current) return
    const ctx = con._context
    const { bids: b, asks: a, domain } = frame.current.curves
    ctx.save()
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    const sc = { ...frame.current.scope, pixelRatio: con.canvas.getPixelRatio() }
    if (which === 'axes') drawDepthAxes(ctx, domain, sc)
    else drawDepthAreas(ctx, b, a, domain, sc)
    ctx.restore()
  }

  return (
    <div ref={boxRef} className="depth-chart" style={{ height }}>
      {width > 0 && (
        <Stage width={width} height={height} listening={false}>
          {(['axes', 'areas'] as const).map((name, i) => (
            <Layer key={name} listening={false} ref={(l) => void (l && (layers.current[i] = l))}>
              <Shape listening={false} perfectDrawEnabled={false} sceneFunc={paint(name)} />
            </Layer>
          ))}
        </Stage>
      )}
    </div>
  )
}

/** Width (CSS px) of `text` as a 10 px label in `fontFamily`, via an offscreen 2D context. */
function makeMeasure(): (text: string, fontFamily: string) => number {
  let ctx: CanvasRenderingContext2D | null = null
  return (text, fontFamily) => {
    ctx ??= document.createElement('canvas').getContext('2d')
    if (!ctx) return text.length * 6.2
    ctx.font = `10px ${fontFamily}`
    return ctx.measureText(text).width
  }
}
