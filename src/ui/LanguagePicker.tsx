import { useLingui } from '@lingui/react/macro'
import type { LanguageItem } from '../../common/locales'
import type { Locale } from '../../common/constants'
import { OptionSheet } from './OptionSheet'

/** Language list in a bottom sheet; each language in its own script, the current one checked. */
export function LanguagePicker({
  open,
  items,
  value,
  onSelect,
  onClose,
}: {
  open: boolean
  items: readonly LanguageItem[]
  value: Locale
  onSelect: (locale: Locale) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const options = items.map((item) => ({ key: item.value, label: <span>{item.label}</span>, lang: item.value }))
  return (
    <OptionSheet
      open={open}
      title={t({ id: 'settings.language', message: 'Language' })}
      options={options}
      value={value}
      onSelect={onSelect}
      onClose={onClose}
    />
  )
}
