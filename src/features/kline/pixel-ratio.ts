/**
 * Device-pixel-ratio changes (browser zoom, moving the window to another screen): Konva sizes its canvases with the
 * ratio it saw at start-up, so the charts re-apply the current one to their layers, or the canvas turns blurry.
 */

/** Calls `cb(ratio)` whenever window.devicePixelRatio changes. Returns a function that stops watching. */
export function watchPixelRatio(cb: (ratio: number) => void): () => void {
  let mq: MediaQueryList | undefined
  const arm = () => {
    mq?.removeEventListener('change', onChange)
    mq = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`)
    mq?.addEventListener('change', onChange)
  }
  const onChange = () => {
    arm()
    cb(window.devicePixelRatio || 1)
  }
  arm()
  return () => mq?.removeEventListener('change', onChange)
}

/** Anything with a scene canvas whose pixel ratio can be set (a Konva.Layer). */
export interface RatioLayer {
  getCanvas(): { setPixelRatio(ratio: number): void }
  draw(): unknown
}

/** Re-applies `ratio` to every layer and redraws it. */
export function applyPixelRatio(layers: Iterable<RatioLayer | undefined>, ratio: number): void {
  for (const l of layers) {
    if (!l) continue
    l.getCanvas().setPixelRatio(ratio)
    l.draw()
  }
}
