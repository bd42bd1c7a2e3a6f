/**
 * Rem scaling (spec §9): the root font size is a tenth of the layout width, so 1rem = 37.5 px on a 375 px phone and
 * the tab bar's 1.33333rem is 50 px there. The layout stops growing at 540 px (tablets and desktops get a centred
 * phone-width column); window resizes are debounced by 300 ms.
 */
import { MAX_LAYOUT_WIDTH_PX, RESIZE_DEBOUNCE_MS } from '../../common/constants'

/** Root font size in px for a viewport `width` px wide (width capped at 540 px, floored at 320 px). */
export function remBase(width: number): number {
  const w = Math.min(Math.max(width, 320), MAX_LAYOUT_WIDTH_PX)
  return w / 10
}

/** Returns a function that runs `fn` once `ms` after the last call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  return (...args) => {
    clearTimeout(timer)
    timer = setTimeout(() => fn(...args), ms)
  }
}

/** Sets the root font size now and on every (debounced) resize or orientation change. Returns a stop function. */
export function installRemScaling(doc: Document = document, win: Window = window): () => void {
  const apply = () => {
    doc.documentElement.style.fontSize = `${remBase(doc.documentElement.clientWidth || win.innerWidth)}px`
  }
  apply()
  const onResize = debounce(apply, RESIZE_DEBOUNCE_MS)
  win.addEventListener('resize', onResize)
  win.addEventListener('pageshow', apply)
  return () => {
    win.removeEventListener('resize', onResize)
    win.removeEventListener('pageshow', apply)
  }
}
