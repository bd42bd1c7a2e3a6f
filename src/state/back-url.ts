/** The path to return to after login (spec §3 "a back-url key for login"), kept under LOGIN_BACK_URL. */
import { STORAGE_KEYS } from '../../common/constants'
import { readStored, writeStored } from './storage'

function isPath(value: unknown): value is string {
  // Only same-origin paths: an absolute URL here would be an open redirect after login.
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
}

/** Remembers `path` (pathname + search) for after login. */
export function setBackUrl(path: string): void {
  if (isPath(path)) writeStored(STORAGE_KEYS.backUrl, path)
}

/** The remembered path, or null. */
export function getBackUrl(): string | null {
  return readStored<string | null>(STORAGE_KEYS.backUrl, isPath, null)
}

/** Forgets the remembered path (after it has been used). */
export function clearBackUrl(): void {
  writeStored(STORAGE_KEYS.backUrl, null)
}
