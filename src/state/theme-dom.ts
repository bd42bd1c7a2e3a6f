/** Applies the theme store to the document: `data-theme` on <html>, `color-scheme`, and the browser's theme-color. */
import { subscribe } from 'valtio'
import { themeStore, type Theme } from './theme'

/** Status-bar colour per theme; matches --surface of styles/theme.css. */
const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#14171c' }

/** Sets the document's theme. */
export function applyTheme(theme: Theme, doc: Document = document): void {
  const root = doc.documentElement
  root.dataset.theme = theme
  root.style.colorScheme = theme
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme])
}

/** Applies the current theme and follows every change. Returns a stop function. */
export function installTheme(): () => void {
  applyTheme(themeStore.theme)
  return subscribe(themeStore, () => applyTheme(themeStore.theme))
}
