import { useLingui } from '@lingui/react/macro'
import type { LanguageItem } from '../../common/locales'
import type { Locale } from '../../common/constants'
import { Icon } from './Icon'
import { Sheet } from './Sheet'

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
  return (
    <Sheet open={open} title={t({ id: 'settings.language', message: 'Language' })} onClose={onClose}>
      <ul className="option-list" role="listbox" aria-label={t({ id: 'settings.language', message: 'Language' })}>
        {items.map((item) => (
          <li key={item.value}>
            <button
              type="button"
              role="option"
              aria-selected={item.value === value}
              lang={item.value}
              className="option-list__item"
              onClick={() => onSelect(item.value)}
            >
              <span>{item.label}</span>
              {item.value === value && <Icon name="check" size={18} className="option-list__check" />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  )
}
