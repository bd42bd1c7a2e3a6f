/**
 * The calling-code list for the picker, loaded once per interface language (names come translated from the server)
 * and shared by every picker on the page; a failed load is forgotten so the next open tries again.
 */
import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import type { AreaCodeItem } from '../../../common/api/public'
import type { Api } from '../../api'

const loaded = new Map<string, Promise<AreaCodeItem[]>>()

function load(api: Pick<Api, 'getAreaCodes'>, locale: string): Promise<AreaCodeItem[]> {
  let p = loaded.get(locale)
  if (!p) {
    p = api.getAreaCodes({ silent: true })
    p.catch(() => loaded.delete(locale))
    loaded.set(locale, p)
  }
  return p
}

export type AreaCodesState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: AreaCodeItem[] }

/**
 * The list while `active` (the picker is open): loading, failed or ready. `retry()` loads again after a failure.
 */
export function useAreaCodes(api: Pick<Api, 'getAreaCodes'>, active: boolean): AreaCodesState & { retry: () => void } {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const [state, setState] = useState<AreaCodesState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // Each opening, language and retry is a new load: show "loading" from that render on (set during render, React's
  // "adjusting state when a prop changes", so no frame shows the previous result).
  const request = active ? { api, locale, attempt } : null
  const [seen, setSeen] = useState(request)
  if (request?.api !== seen?.api || request?.locale !== seen?.locale || request?.attempt !== seen?.attempt) {
    setSeen(request)
    if (request) setState({ status: 'loading' })
  }
  useEffect(() => {
    if (!active) return
    let live = true
    load(api, locale).then(
      (items) => live && setState({ status: 'ready', items }),
      () => live && setState({ status: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [api, locale, active, attempt])
  return { ...state, retry: () => setAttempt((n) => n + 1) }
}
