/**
 * A short description of a browser from its User-Agent header, for the user's own session list ("Chrome on
 * Android"): which session is which phone is what a user needs to tell, not versions or engines. A few rules in
 * order, most specific first (every Chromium browser also says "Chrome", every iOS one "Safari", every Android one
 * "Linux"); no library: a full parser's database is far bigger than this need.
 */

/** What a user agent says: the browser's and the system's names, each null when not recognised. */
export interface UserAgentNames {
  browser: string | null
  os: string | null
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bHarmonyOS\b|\bOpenHarmony\b/, 'HarmonyOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const first = (rules: readonly [RegExp, string][], ua: string): string | null =>
  rules.find(([re]) => re.test(ua))?.[1] ?? null

/** The browser and system named by `userAgent` (the stored header, up to 256 characters); nulls when unknown. */
export function userAgentNames(userAgent: string): UserAgentNames {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) }
}
