/**
 * Chart colours from CSS custom properties, so the canvas follows the app's light and dark themes. Read again when
 * the theme changes (the controller watches the root element's class, style and data-theme attributes).
 */
import type { ChartTheme } from './render/types'

/** CSS custom property read for each colour, and the fallback used when the property is not set. */
export const THEME_VARS: Record<Exclude<keyof ChartTheme, 'fontFamily'>, [string, string]> = {
  up: ['--up', '#0fa968'],
  down: ['--down', '#e5484d'],
  text: ['--text', '#14171c'],
  textMuted: ['--text-2', '#5c6370'],
  grid: ['--surface-2', '#f2f3f5'],
  border: ['--border', '#e8eaee'],
  crosshair: ['--text-3', '#9aa1ad'],
  // Crosshair labels are inverted (dark box in the light theme, light box in the dark one).
  labelBg: ['--text-2', '#5c6370'],
  labelText: ['--surface', '#ffffff'],
  legendBg: ['--surface', '#ffffff'],
  onAccent: ['--on-brand', '#ffffff'],
  // Indicator lines: amber, violet and blue, told apart from the up/down greens and reds in both themes.
  line1: ['--chart-line-1', '#e8a317'],
  line2: ['--chart-line-2', '#b44fd6'],
  line3: ['--chart-line-3', '#3b82f6'],
}

/** Reads the chart colours (and font) that apply to `el` (default: the body, which carries the app font). */
export function readChartTheme(el: Element = document.body ?? document.documentElement): ChartTheme {
  const style = getComputedStyle(el)
  const out = { fontFamily: style.fontFamily || 'system-ui, sans-serif' } as ChartTheme
  for (const [key, [name, fallback]] of Object.entries(THEME_VARS)) {
    out[key as keyof typeof THEME_VARS] = style.getPropertyValue(name).trim() || fallback
  }
  return out
}

/** Calls `cb` whenever the root element's theme markers change. Returns a function that stops watching. */
export function watchTheme(cb: () => void): () => void {
  const mo = new MutationObserver(cb)
  mo.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-theme'] })
  const mq = window.matchMedia?.('(prefers-color-scheme: dark)')
  mq?.addEventListener('change', cb)
  return () => {
    mo.disconnect()
    mq?.removeEventListener('change', cb)
  }
}
