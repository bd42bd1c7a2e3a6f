/**
 * Headless Debian Chromium through playwright-core (browser downloads are blocked here). Flags from the machine's
 * notes: without the background-networking ones Chromium floods the closed network with refused connections.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface PhoneContextOptions {
  width?: number
  height?: number
  colorScheme?: 'light' | 'dark'
  locale?: string
}

/** A persistent context (service workers need one) sized like a phone: 390×844 at DPR 3 by default. */
export async function launchPhone(opts: PhoneContextOptions = {}): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-chromium-'))
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: opts.width ?? 390, height: opts.height ?? 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.locale ?? 'en-US',
  })
}
