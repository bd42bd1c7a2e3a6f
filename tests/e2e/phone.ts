/** The phone every end-to-end test uses unless it says otherwise: 390×844 CSS px at DPR 3, touch, English, light. */
import type { BrowserContextOptions } from '@playwright/test'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  colorScheme: 'light',
  locale: 'en-US',
} satisfies BrowserContextOptions

/** A theme and a width for a look-through test. */
export interface Look {
  theme: 'light' | 'dark'
  width: number
}

/**
 * The looks the screen look-throughs try: the narrowest (360 px) and the widest (540 px) supported phone, each in one
 * theme. The themes differ in colours only (src/styles/theme.css: custom properties; the charts repaint), so a layout
 * is the same in both and the cross product of widths and themes checked nothing more, at a fresh phone per pair.
 * E2E_ALL_LOOKS=1 tries all four (screenshots of every theme at every width, with E2E_SHOTS=1 under CI).
 */
export const LOOKS: readonly Look[] =
  process.env.E2E_ALL_LOOKS === '1'
    ? (['light', 'dark'] as const).flatMap((theme) => [360, 540].map((width) => ({ theme, width })))
    : [
        { theme: 'light', width: 360 },
        { theme: 'dark', width: 540 },
      ]
