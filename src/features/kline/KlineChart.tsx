/**
 * The candle chart: a Konva Stage of three layers (axes; volume + candles + last price; crosshair), each holding one
 * Shape whose sceneFunc paints its parts of the visible range through the ChartController. Konva is driven imperatively from an
 * effect (no react-konva here): the chart is a handful of long-lived nodes that never change shape, so a second
 * React renderer (react-reconciler, ~half of the old chart chunk) bought nothing on this page. React renders the
 * container once per size; live ticks never re-render React, they go straight to the controller. Lazy-loaded
 * (see lazy.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import Konva from 'konva/lib/Core'
import type { KlinePeriod } from '../../../common/feed/topics'
import { ChartController } from './chart-controller'
import type { IndicatorChoice } from './model/indicators'
import { createChartFormat } from './format'
import { attachGestures } from './gestures'
import { applyPixelRatio, watchPixelRatio } from './pixel-ratio'
import type { LayerName } from './model/invalidate-mask'
import type { ChartLabels } from './render/types'
import { readChartTheme, watchTheme } from './theme'
import { useCandleFeed, type CandleSource } from './use-candle-feed'
import { useElementWidth } from './use-element-width'

/**
 * The chart's canvases (Konva layers), bottom first, and the parts each paints. A live tick changes volume, candles
 * and the last price together, so they share one canvas: one clear and one raster per tick instead of three (at
 * DPR 3 each clear of a 390×300 canvas is ~1M pixels). Axes change rarely and the crosshair often alone.
 */
const CANVASES: readonly (readonly LayerName[])[] = [['axes'], ['volume', 'candles', 'lastPrice'], ['crosshair']]

export interface KlineChartProps {
  symbol: string
  period: KlinePeriod
  /** Where candles come from: the market engine (`useEngine()`) or a fake in tests and benchmarks. */
  source: CandleSource
  /** Decimals of the market's prices (quote currency). */
  pricePrecision: number
  /** BCP 47 locale for number grouping. */
  locale: string
  /** Translated legend labels. */
  labels: ChartLabels
  /** Stage height, CSS px (default 300). */
  height?: number
  /** The indicators to draw (issue 24 part 5); default MA 5/10/30 over the candles and volume below. */
  indicators?: IndicatorChoice
  /** Test/benchmark seam: receives the controller once created. */
  onController?: (c: ChartController) => void
}

/** Candles with a volume sub-pane, crosshair, pan/zoom and history paging. */
export function KlineChart(props: KlineChartProps) {
  const { symbol, period, source, pricePrecision, locale, labels, height = 300 } = props
  const boxRef = useRef<HTMLDivElement>(null)
  const stageRef = useRef<Konva.Stage | null>(null)
  const width = useElementWidth(boxRef)
  const format = useMemo(() => createChartFormat(locale, pricePrecision), [locale, pricePrecision])
  const [controller] = useState(
    () =>
      new ChartController({
        scope: { pixelRatio: window.devicePixelRatio || 1, theme: readChartTheme(), format, labels },
        measureText: makeMeasure(),
      }),
  )

  useEffect(() => {
    props.onController?.(controller)
    const stopTheme = watchTheme(() =>
      controller.setScope({ ...controller.scope, theme: readChartTheme(boxRef.current ?? undefined) }),
    )
    return () => {
      stopTheme()
      controller.dispose()
    }
  }, [controller]) // eslint-disable-line react-hooks/exhaustive-deps

  // The stage is built once the box has a width (Konva sizes its canvases at creation) and lives until unmount.
  const ready = width > 0
  useEffect(() => {
    const box = boxRef.current
    if (!ready || !box) return
    const stage = new Konva.Stage({ container: box, width: box.clientWidth, height, listening: false })
    const layers: Partial<Record<LayerName, Konva.Layer>> = {}
    for (const names of CANVASES) {
      const layer = new Konva.Layer({ listening: false })
      layer.add(
        new Konva.Shape({
          listening: false,
          perfectDrawEnabled: false,
          sceneFunc: (con) => {
            for (const name of names) controller.paint(name, con._context, con.canvas.getPixelRatio())
          },
        }),
      )
      stage.add(layer)
      for (const name of names) layers[name] = layer
    }
    stageRef.current = stage
    controller.attachLayers(layers)
    const stopRatio = watchPixelRatio((r) => applyPixelRatio(Object.values(layers), r))
    const detach = attachGestures(box, {
      panBy: (dx) => controller.panBy(dx),
      zoomAt: (f, x) => controller.zoomAt(f, x),
      setCrosshair: (p) => controller.setCrosshair(p),
      crosshairShown: () => controller.model.crosshair !== null,
    })
    return () => {
      detach()
      stopRatio()
      controller.attachLayers({})
      stageRef.current = null
      stage.destroy()
    }
  }, [controller, ready]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => controller.setScope({ ...controller.scope, format, labels }), [controller, format, labels])
  const indicators = props.indicators
  useEffect(() => {
    if (indicators) controller.setIndicators(indicators)
  }, [controller, indicators])
  useEffect(() => {
    stageRef.current?.size({ width, height })
    controller.resize(width, height)
  }, [controller, width, height, ready])
  useCandleFeed(controller, source, symbol, period)

  return <div ref={boxRef} className="kline-chart" style={{ height, userSelect: 'none', WebkitUserSelect: 'none' }} />
}

/** Text width in the axis font (10 px system font) via an offscreen 2D context. */
function makeMeasure(): (text: string) => number {
  let ctx: CanvasRenderingContext2D | null = null
  return (text) => {
    ctx ??= document.createElement('canvas').getContext('2d')
    if (!ctx) return text.length * 6.2
    ctx.font = `10px ${readChartTheme().fontFamily}`
    return ctx.measureText(text).width
  }
}
