/** Preference controls shared by the headers and the "Mine" menu: language choice and the light/dark switch. */
export { LanguageButton } from './LanguageButton'
export { ThemeSwitch } from './ThemeSwitch'
export { useLanguageChoice } from './use-language-choice'
