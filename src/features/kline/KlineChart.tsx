/**
 * The candle chart: a react-konva Stage of five layers (axes, volume, candles, last price, crosshair), each holding
 * one Shape whose sceneFunc paints the visible range through the ChartController. React renders it once per size or
 * option change; live ticks never re-render React, they go straight to the controller. Lazy-loaded (see index.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import type Konva from 'konva/lib/Core'
import { Layer, Shape, Stage } from 'react-konva/lib/ReactKonvaCore'
import type { KlinePeriod } from '../../../common/feed/topics'
import { ChartController } from './chart-controller'
import { createChartFormat } from './format'
import { attachGestures } from './gestures'
import { applyPixelRatio, watchPixelRatio } from './pixel-ratio'
import { LAYERS, type LayerName } from './model/invalidate-mask'
import type { ChartLabels } from './render/types'
import { readChartTheme, watchTheme } from './theme'
import { useCandleFeed, type CandleSource } from './use-candle-feed'
import { useElementWidth } from './use-element-width'

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
  /** Test/benchmark seam: receives the controller once created. */
  onController?: (c: ChartController) => void
}

/** Candles with a volume sub-pane, crosshair, pan/zoom and history paging. */
export function KlineChart(props: KlineChartProps) {
  const { symbol, period, source, pricePrecision, locale, labels, height = 300 } = props
  const boxRef = useRef<HTMLDivElement>(null)
  const stageRef = useRef<Konva.Stage>(null)
  const layerRefs = useRef<Partial<Record<LayerName, Konva.Layer>>>({})
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
    const stopRatio = watchPixelRatio((r) => applyPixelRatio(Object.values(layerRefs.current), r))
    return () => {
      stopTheme()
      stopRatio()
      controller.dispose()
    }
  }, [controller]) // eslint-disable-line react-hooks/exhaustive-deps

  const ready = width > 0
  useEffect(() => {
    const el = stageRef.current?.container()
    if (!el) return
    controller.attachLayers(layerRefs.current)
    return attachGestures(el, {
      panBy: (dx) => controller.panBy(dx),
      zoomAt: (f, x) => controller.zoomAt(f, x),
      setCrosshair: (p) => controller.setCrosshair(p),
      crosshairShown: () => controller.model.crosshair !== null,
    })
  }, [controller, ready])

  useEffect(() => controller.setScope({ ...controller.scope, format, labels }), [controller, format, labels])
  useEffect(() => controller.resize(width, height), [controller, width, height])
  useCandleFeed(controller, source, symbol, period)

  return (
    <div ref={boxRef} className="kline-chart" style={{ height, userSelect: 'none', WebkitUserSelect: 'none' }}>
      {width > 0 && (
        <Stage ref={stageRef} width={width} height={height} listening={false}>
          {LAYERS.map(([name]) => (
            <Layer key={name} ref={(l) => void (layerRefs.current[name] = l ?? undefined)} listening={false}>
              <Shape
                listening={false}
                perfectDrawEnabled={false}
                sceneFunc={(con) => controller.paint(name, con._context, con.canvas.getPixelRatio())}
              />
            </Layer>
          ))}
        </Stage>
      )}
    </div>
  )
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
