import { useLingui } from '@lingui/react/macro'
import { useSnapshot } from 'valtio'
import { favouritesStore, toggleFavourite } from '../../state/favourites'
import { Icon } from '../../ui/Icon'
import './market-search.css'

/**
 * The star that adds a market to the user's favourites or removes it (issue 24 part 1): filled when starred, a
 * toggle button (`aria-pressed`) named for what it does.
 * @param symbol the market's feed symbol (`extends`)
 */
export function FavouriteStar({ symbol, className }: { symbol: string; className?: string }) {
  const { t } = useLingui()
  const { symbols } = useSnapshot(favouritesStore)
  const on = symbols.includes(symbol)
  return (
    <button
      type="button"
      className={`fav-star${on ? ' fav-star--on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      onClick={() => toggleFavourite(symbol)}
    >
      <Icon name="star" size={18} label={t({ id: 'market.favourite', message: 'Favourite' })} />
    </button>
  )
}
