import type { ReactNode } from 'react'
import { Icon } from './Icon'
import { Sheet } from './Sheet'

/** One choice of an `OptionSheet`. */
export interface SheetOption<K extends string> {
  key: K
  label: ReactNode
  /** Language of the label when it is not the page's (a language's own name). */
  lang?: string
}

/** A single-choice list in a bottom sheet (language, trading pair): the current choice checked. */
export function OptionSheet<K extends string>({
  open,
  title,
  options,
  value,
  onSelect,
  onClose,
}: {
  open: boolean
  title: string
  options: readonly SheetOption<K>[]
  value: K
  onSelect: (key: K) => void
  onClose: () => void
}) {
  return (
    <Sheet open={open} title={title} onClose={onClose}>
      <ul className="option-list" role="listbox" aria-label={title}>
        {options.map((o) => (
          <li key={o.key}>
            <button
              type="button"
              role="option"
              aria-selected={o.key === value}
              lang={o.lang}
              className="option-list__item"
              onClick={() => onSelect(o.key)}
            >
              {o.label}
              {o.key === value && <Icon name="check" size={18} className="option-list__check" />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  )
}
