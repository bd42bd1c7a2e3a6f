import { useLingui } from '@lingui/react/macro'
import { useLanguageChoice } from '../settings'
import { LanguagePicker } from '../../ui/LanguagePicker'
import { MenuButton } from './MenuRow'

/** "Language" with the current one, opening the shared LanguagePicker (same choice as the home header's globe). */
export function LanguageRow() {
  const { t } = useLingui()
  const { show, label, picker } = useLanguageChoice()
  return (
    <>
      <MenuButton
        icon="globe"
        label={t({ id: 'settings.language', message: 'Language' })}
        value={label}
        onClick={show}
      />
      <LanguagePicker {...picker} />
    </>
  )
}
