import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { themeStore, toggleTheme } from '../../state/theme'
import { Icon } from '../../ui/Icon'

/** "Dark mode" with an on/off switch over the theme store (spec §2 theme change; light by default, spec §9). */
export function ThemeRow() {
  const { theme } = useSnapshot(themeStore)
  const { t } = useLingui()
  const dark = theme === 'dark'
  return (
    <li>
      <button type="button" role="switch" aria-checked={dark} className="menu-row" onClick={toggleTheme}>
        <span className="menu-row__icon">
          <Icon name={dark ? 'moon' : 'sun'} size={20} />
        </span>
        <span className="menu-row__label">{t({ id: 'userCenter.darkMode', message: 'Dark mode' })}</span>
        <span className={dark ? 'switch switch--on' : 'switch'} aria-hidden="true">
          <span className="switch__knob" />
        </span>
      </button>
    </li>
  )
}
