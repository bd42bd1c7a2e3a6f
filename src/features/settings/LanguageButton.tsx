import { useLingui } from '@lingui/react/macro'
import { Icon } from '../../ui/Icon'
import { LanguagePicker } from '../../ui/LanguagePicker'
import { useLanguageChoice } from './use-language-choice'

/** Globe button opening the language picker (home header). */
export function LanguageButton() {
  const { t } = useLingui()
  const { show, picker } = useLanguageChoice()
  return (
    <>
      <button type="button" className="icon-btn" onClick={show}>
        <Icon name="globe" size={22} label={t({ id: 'settings.language', message: 'Language' })} />
      </button>
      <LanguagePicker {...picker} />
    </>
  )
}
