/**
 * The language choice behind every language control (home header globe, "Mine" row): opens the shared picker with
 * the list from `common/get_lang` (network-first, cached by the service worker; the built-in LANGUAGES offline) and
 * switches the catalog, then reloads route data that comes in the request's language.
 */
import { msg } from '@lingui/core/macro'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Locale } from '../../../common/constants'
import { LANGUAGES, type LanguageItem } from '../../../common/locales'
import { changeLocale } from '../../i18n'
import { languageStore } from '../../state/language'
import { showToast } from '../../ui/toast'

/** State and handlers for a LanguagePicker: `show()` opens it; spread `picker` into `<LanguagePicker>`. */
export function useLanguageChoice() {
  const { api } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const { locale } = useSnapshot(languageStore)
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<readonly LanguageItem[]>(LANGUAGES)

  const show = () => {
    setOpen(true)
    api.getLanguages({ silent: true }).then(
      (list) => list.length && setItems(list),
      () => setItems(LANGUAGES),
    )
  }
  const onSelect = (next: Locale) => {
    setOpen(false)
    if (next === locale) return
    changeLocale(next).then(
      () => router.invalidate(), // announcements and country names come in the request's language
      () =>
        showToast(
          msg({ id: 'settings.languageFailed', message: 'Could not load that language. Check your connection.' }),
          'error',
        ),
    )
  }
  const label = items.find((l) => l.value === locale)?.label ?? LANGUAGES.find((l) => l.value === locale)?.label
  return { show, label, picker: { open, items, value: locale, onSelect, onClose: () => setOpen(false) } }
}
