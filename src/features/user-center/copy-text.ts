/**
 * Copy-to-clipboard (spec §9 "a copy-to-clipboard helper exists"). The async Clipboard API needs a secure context;
 * on plain http (a LAN address) or an old WebView it is missing, so a selected off-screen textarea and
 * `execCommand('copy')` stand in — deprecated, but still the only way there.
 */

/** Copies `text`; resolves true when the browser accepted it. Call from a user gesture. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard && globalThis.isSecureContext) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission refused or not focused: try the fallback below.
  }
  return legacyCopy(text)
}

function legacyCopy(text: string): boolean {
  if (typeof document === 'undefined') return false
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.top = '-1000px'
  document.body.appendChild(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}
