/** Colour theme (spec §1, §9: light by default), persisted under THEME and applied as `data-theme` on <html>. */
import { proxy } from 'valtio'
import { STORAGE_KEYS } from '../../common/constants'
import { readStored, writeStored } from './storage'

export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark'
}

export interface ThemeState {
  theme: Theme
}

export const themeStore = proxy<ThemeState>({ theme: readStored<Theme>(STORAGE_KEYS.theme, isTheme, 'light') })

/** Switches and persists the theme. */
export function setTheme(theme: Theme): void {
  themeStore.theme = theme
  writeStored(STORAGE_KEYS.theme, theme)
}

/** Light ↔ dark. */
export function toggleTheme(): void {
  setTheme(themeStore.theme === 'light' ? 'dark' : 'light')
}
