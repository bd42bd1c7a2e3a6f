import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import type { Locale } from '../../../common/constants'
import { LANGUAGES, type LanguageItem } from '../../../common/locales'
import { changeLocale } from '../../i18n'
import { languageStore } from '../../state/language'
import { Icon } from '../../ui/Icon'
import { LanguagePicker } from '../../ui/LanguagePicker'
import { showToast } from '../../ui/toast'

/**
 * Globe button opening the language picker. The list comes from `common/get_lang` (network-first, cached by the
 * service worker); offline without a cached answer it falls back to the built-in LANGUAGES.
 */
export function LanguageButton() {
  const { api } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const { locale } = useSnapshot(languageStore)
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<readonly LanguageItem[]>(LANGUAGES)

  const show = () => {
    setOpen(true)
    api.getLanguages({ silent: true }).then((list) => list.length && setItems(list), () => setItems(LANGUAGES))
  }
  const select = (next: Locale) => {
    setOpen(false)
    if (next === locale) return
    changeLocale(next).then(
      () => router.invalidate(), // announcements and country names come in the request's language
      () => showToast(msg({ id: 'settings.languageFailed', message: 'Could not load that language. Check your connection.' }), 'error'),
    )
  }
  return (
    <>
      <button type="button" className="icon-btn" onClick={show}>
        <Icon name="globe" size={22} label={t({ id: 'settings.language', message: 'Language' })} />
      </button>
      <LanguagePicker open={open} items={items} value={locale} onSelect={select} onClose={() => setOpen(false)} />
    </>
  )
}
