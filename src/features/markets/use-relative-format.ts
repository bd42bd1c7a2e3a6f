import { useLingui } from '@lingui/react'
import { useEffect, useState } from 'react'
import type { Locale } from '../../../common/constants'
import { loadRelativeTime, type RelativeFormat } from '../../i18n/relative-time'

/**
 * The relative-time formatter in the interface language, loaded when `needed` first turns true (the feed went
 * down): null until it is in, and again for the moment after a language switch while that language's data loads.
 */
export function useRelativeFormat(needed: boolean): RelativeFormat | null {
  const { i18n } = useLingui()
  const locale = i18n.locale as Locale
  const [loaded, setLoaded] = useState<{ locale: Locale; format: RelativeFormat } | null>(null)
  useEffect(() => {
    if (!needed) return
    let live = true
    void loadRelativeTime(locale).then((format) => live && setLoaded({ locale, format }))
    return () => {
      live = false
    }
  }, [needed, locale])
  return loaded?.locale === locale ? loaded.format : null
}
