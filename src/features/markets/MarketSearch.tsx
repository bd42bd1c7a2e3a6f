import { useLingui } from '@lingui/react/macro'
import { Icon } from '../../ui/Icon'
import './market-search.css'

/**
 * The search field over market lists and pair pickers (issue 24 part 1): matches a pair by its code, with or without
 * "/" (`matchesQuery`), as the user types; the clear button of a search input empties it.
 */
export function MarketSearch({ value, onChange }: { value: string; onChange: (query: string) => void }) {
  const { t } = useLingui()
  return (
    <label className="market-search">
      <Icon name="search" size={18} />
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t({ id: 'market.searchPlaceholder', message: 'Search, e.g. BTC' })}
        aria-label={t({ id: 'market.search', message: 'Search markets' })}
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={32}
      />
    </label>
  )
}
