import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { themeStore, toggleTheme } from '../../state/theme'
import { SwitchRow } from './MenuRow'

/** "Dark mode" with an on/off switch over the theme store (spec §2 theme change; light by default, spec §9). */
export function ThemeRow() {
  const { theme } = useSnapshot(themeStore)
  const { t } = useLingui()
  const dark = theme === 'dark'
  return (
    <SwitchRow
      icon={dark ? 'moon' : 'sun'}
      label={t({ id: 'userCenter.darkMode', message: 'Dark mode' })}
      on={dark}
      onToggle={toggleTheme}
    />
  )
}
