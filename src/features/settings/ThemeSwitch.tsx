import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { themeStore, toggleTheme } from '../../state/theme'
import { Icon } from '../../ui/Icon'

/** Light/dark switch: shows the theme the tap will switch to. */
export function ThemeSwitch() {
  const { theme } = useSnapshot(themeStore)
  const { t } = useLingui()
  const label =
    theme === 'light'
      ? t({ id: 'settings.darkTheme', message: 'Switch to dark theme' })
      : t({ id: 'settings.lightTheme', message: 'Switch to light theme' })
  return (
    <button type="button" className="icon-btn" onClick={toggleTheme} aria-pressed={theme === 'dark'}>
      <Icon name={theme === 'light' ? 'moon' : 'sun'} size={22} label={label} />
    </button>
  )
}
