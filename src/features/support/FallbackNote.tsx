import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { LANGUAGES } from '../../../common/locales'
import { Icon } from '../../ui/Icon'
import '../../styles/support.css'

/**
 * Says that a text is shown in another language (the English fallback) because it is not written in the
 * interface language yet. Nothing when the languages match.
 */
export function FallbackNote({ textLocale }: { textLocale: string }) {
  const { i18n } = useLingui()
  if (textLocale === i18n.locale) return null
  const language = LANGUAGES.find((l) => l.value === textLocale)?.label ?? textLocale
  return (
    <p className="sp-fallback" lang={i18n.locale}>
      <Icon name="globe" size={16} />
      <span>
        <Trans id="support.fallbackLanguage">Not yet available in your language; shown in {language}.</Trans>
      </span>
    </p>
  )
}
