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
