/**
 * The K-line chart's engine room, free of React and of the data source: applies candle snapshots to the model,
 * merges dirty bits and redraws only the dirty layers, at most once per animation frame; pages older history in
 * when the view nears the oldest loaded bar. Konva layers call `paint` from their Shape's sceneFunc.
 */
import type { CandleSnapshot } from '../../../common/engine-api'
import type { KlineTick } from '../../../common/feed/messages'
import { ChartModel, DEFAULT_BAR_SPACING, DEFAULT_RIGHT_OFFSET } from './model/chart-model'
import type { IndicatorChoice } from './model/indicators'
import { Dirty, LAYERS, type DirtyMask, type LayerName } from './model/invalidate-mask'
import { buildCandlesView, type CandlesView } from './render/candles-view'
import { drawAxes, hiddenPriceLabels } from './render/draw-axes'
import { drawCandles } from './render/draw-candles'
import { drawCrosshair } from './render/draw-crosshair'
import { drawOverlay, drawSubIndicator } from './render/draw-indicators'
import { drawLastPrice } from './render/draw-last-price'
import { drawVolume } from './render/draw-volume'
import type { Ctx2D, RenderScope } from './render/types'

/** Anything that can redraw itself synchronously (a Konva.Layer). */
export interface Drawable {
  draw(): unknown
}

/** Start paging history when fewer than this many bars are left of the view. */
export const HISTORY_THRESHOLD_BARS = 30
/** Bars asked per history page (the feed answers at most 300). */
export const HISTORY_PAGE = 300
/** Wait before asking again after a failed page, ms. */
const HISTORY_RETRY_MS = 5000

export interface ChartControllerOptions {
  scope: RenderScope
  /** Width (CSS px) of `text` in the axis font; sizes the price axis. Default: 6.2 px per character. */
  measureText?: (text: string) => number
  requestFrame?: (cb: () => void) => number
  cancelFrame?: (id: number) => void
  now?: () => number
}

export class ChartController {
  readonly model = new ChartModel()
  scope: RenderScope
  /** Called after each frame's draw with its JS time (ms) and the layers drawn; for benchmarks. */
  onFrame: ((ms: number, mask: DirtyMask) => void) | undefined
  private layers: Partial<Record<LayerName, Drawable>> = {}
  private mask: DirtyMask = Dirty.none
  private frame = 0
  private view: CandlesView | undefined
  private viewStale = true
  private history: 'idle' | 'loading' | 'done' = 'idle'
  private needHistory: ((beforeId: number) => void) | undefined
  private retryAt = 0
  private axisWidth = 56
  private hiddenLabels = ''
  private readonly opts: ChartControllerOptions
  private readonly requestFrame: (cb: () => void) => number
  private readonly cancelFrame: (id: number) => void
  private readonly now: () => number

  constructor(opts: ChartControllerOptions) {
    this.opts = opts
    this.scope = opts.scope
    this.requestFrame = opts.requestFrame ?? ((cb) => requestAnimationFrame(cb))
    this.cancelFrame = opts.cancelFrame ?? ((id) => cancelAnimationFrame(id))
    this.now = opts.now ?? (() => performance.now())
  }

  /**
   * Sets who fetches bars older than `beforeId` (epoch seconds) when the view nears the oldest bar; they answer with
   * `historyLoaded` or `historyFailed`. `undefined` stops the requests (the feed was unmounted).
   */
  setHistoryLoader(load: ((beforeId: number) => void) | undefined): void {
    this.needHistory = load
  }

  /**
   * Registers the layers to redraw; `paint(name, …)` must be wired to each layer's sceneFunc. Several names may map
   * to one Drawable (its sceneFunc then paints all of them, in LAYERS order); it is drawn once per frame.
   */
  attachLayers(layers: Partial<Record<LayerName, Drawable>>): void {
    this.layers = layers
    this.invalidate(Dirty.all)
  }

  /** Marks layers dirty and schedules one draw in the next animation frame. */
  invalidate(mask: DirtyMask): void {
    if (mask & (Dirty.candles | Dirty.volume)) this.viewStale = true
    if (mask & (Dirty.lastPrice | Dirty.axes)) {
      // The axes skip price labels under the last-price tag: redraw them when the tag moves onto or off one.
      const hidden = hiddenPriceLabels(this.model)
      if (hidden !== this.hiddenLabels) mask |= Dirty.axes
      this.hiddenLabels = hidden
    }
    this.mask |= mask
    if (this.mask !== Dirty.none && this.frame === 0) this.frame = this.requestFrame(() => this.flush())
  }

  /** Draws the dirty layers now (the animation-frame callback). */
  flush(): void {
    this.frame = 0
    const mask = this.mask
    this.mask = Dirty.none
    if (mask === Dirty.none) return
    const t0 = this.now()
    // Several parts may share one canvas (KlineChart stacks volume, candles and last price): draw each once.
    const drawn = new Set<Drawable>()
    for (const [name, bit] of LAYERS) {
      const layer = mask & bit ? this.layers[name] : undefined
      if (!layer || drawn.has(layer)) continue
      drawn.add(layer)
      layer.draw()
    }
    this.onFrame?.(this.now() - t0, mask)
  }

  /** Renders layer `name` into `ctx` (a sceneFunc's native context, scaled by `pixelRatio`). */
  paint(name: LayerName, ctx: Ctx2D, pixelRatio: number): void {
    if (pixelRatio !== this.scope.pixelRatio) {
      this.scope = { ...this.scope, pixelRatio }
      this.viewStale = true
    }
    const scope = this.scope
    ctx.save()
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    if (name === 'axes') drawAxes(ctx, this.model, scope)
    else if (name === 'candles') {
      drawCandles(ctx, this.candlesView(), scope)
      drawOverlay(ctx, this.model, scope)
    } else if (name === 'volume') {
      if (this.model.lines.sub === 'vol') drawVolume(ctx, this.model, this.candlesView(), scope)
      drawSubIndicator(ctx, this.model, this.candlesView(), scope)
    } else if (name === 'lastPrice') drawLastPrice(ctx, this.model, scope)
    else drawCrosshair(ctx, this.model, scope)
    ctx.restore()
  }

  /** Applies a candle snapshot: a reset replaces the series, otherwise changed bars are upserted. */
  applySnapshot(snap: Pick<CandleSnapshot, 'reset' | 'bars'>): void {
    if (snap.reset) {
      this.invalidate(this.model.reset(snap.bars))
      this.fitAxis()
      this.checkHistory()
    } else {
      this.invalidate(this.model.upsert(snap.bars))
    }
  }

  /** Clears the chart for another symbol or period (`periodSeconds` = bar length) and resets paging and offset. */
  switchSeries(periodSeconds: number): void {
    this.model.periodSeconds = periodSeconds
    // A new series starts at the default zoom (a 1D chart's wide bars would show a few minutes of 1m bars).
    this.model.time = { ...this.model.time, barSpacing: DEFAULT_BAR_SPACING, rightOffset: DEFAULT_RIGHT_OFFSET }
    this.history = 'idle'
    this.retryAt = 0
    this.invalidate(this.model.reset([]))
  }

  /** Sets the stage size, CSS px. */
  resize(width: number, height: number): void {
    this.invalidate(this.model.resize(width, height, this.axisWidth))
  }

  /** Sizes the price axis to the widest price label of the loaded bars (with 10 px padding, at least 44 px). */
  private fitAxis(): void {
    const { series, layout } = this.model
    let max = 0
    for (let i = 0; i < series.length; i++) if (series.high[i]! > max) max = series.high[i]!
    const text = this.scope.format.price(max * 1.2)
    const measured = this.opts.measureText?.(text) ?? text.length * 6.2
    const width = Math.max(44, Math.ceil(measured + 10))
    if (width === this.axisWidth) return
    this.axisWidth = width
    this.invalidate(this.model.resize(layout.width, layout.height, width))
  }

  /** Shows other indicators (issue 24 part 5): lines recomputed, everything redrawn. */
  setIndicators(choice: IndicatorChoice): void {
    this.invalidate(this.model.setIndicators(choice))
  }

  /** Replaces the render scope (theme, formatters, labels): everything is redrawn. */
  setScope(scope: RenderScope): void {
    this.scope = scope
    this.invalidate(Dirty.all)
  }

  panBy(dx: number): void {
    this.invalidate(this.model.panBy(dx))
    this.checkHistory()
  }

  zoomAt(factor: number, x: number): void {
    this.invalidate(this.model.zoomAt(factor, x))
    this.checkHistory()
  }

  setCrosshair(point: { x: number; y: number } | null): void {
    this.invalidate(this.model.setCrosshair(point))
  }

  /** An answered history page (ascending bars older than the first loaded one); an empty page ends paging. */
  historyLoaded(bars: readonly KlineTick[]): void {
    this.history = bars.length === 0 ? 'done' : 'idle'
    this.invalidate(this.model.prepend(bars))
    this.checkHistory()
  }

  /** A history page failed (e.g. offline): try again after a pause. */
  historyFailed(): void {
    this.history = 'idle'
    this.retryAt = this.now() + HISTORY_RETRY_MS
  }

  /** Cancels the pending frame. */
  dispose(): void {
    if (this.frame) this.cancelFrame(this.frame)
    this.frame = 0
    this.layers = {}
  }

  private candlesView(): CandlesView {
    if (this.viewStale || !this.view) {
      this.view = buildCandlesView(this.model, this.scope.pixelRatio, this.view)
      this.viewStale = false
    }
    return this.view
  }

  private checkHistory(): void {
    const { series } = this.model
    if (this.history !== 'idle' || series.length === 0 || !this.needHistory) return
    if (this.now() < this.retryAt || this.model.barsLeftOfView() >= HISTORY_THRESHOLD_BARS) return
    this.history = 'loading'
    this.needHistory(series.time[0]!)
  }
}
