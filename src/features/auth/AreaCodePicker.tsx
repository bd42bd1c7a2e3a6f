import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useDeferredValue, useId, useRef, useState } from 'react'
import { Icon } from '../../ui/Icon'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { searchAreaCodes } from './area-codes'
import { useAreaCodes } from './use-area-codes'

/**
 * The area-code button inside the phone field (shows `+86`) and its picker: a bottom sheet with a search box that
 * matches the country name or the code as a substring (spec §2), the current code marked.
 */
export function AreaCodePicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus() // back where the user was, for keyboard and screen-reader users
  }
  return (
    <>
      <button
        ref={button}
        type="button"
        className="area-code-btn"
        aria-haspopup="dialog"
        aria-label={t({ id: 'auth.areaCode.button', message: `Country or region code: +${value}` })}
        onClick={() => setOpen(true)}
      >
        +{value}
        <Icon name="chevronRight" size={14} className="area-code-btn__chevron" />
      </button>
      {open && (
        <AreaCodeSheet
          value={value}
          onClose={close}
          onSelect={(code) => {
            onChange(code)
            close()
          }}
        />
      )}
    </>
  )
}

function AreaCodeSheet({
  value,
  onSelect,
  onClose,
}: {
  value: string
  onSelect: (code: string) => void
  onClose: () => void
}) {
  const { t } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const codes = useAreaCodes(api, true)
  const [query, setQuery] = useState('')
  const search = useDeferredValue(query)
  const listId = useId()
  const title = t({ id: 'auth.areaCode.title', message: 'Country or region code' })
  const found = codes.status === 'ready' ? searchAreaCodes(codes.items, search) : []
  return (
    <Sheet open title={title} onClose={onClose}>
      <div className="area-search">
        <Icon name="search" size={18} />
        <input
          className="area-search__input"
          type="search"
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t({ id: 'auth.areaCode.search', message: 'Search by name or code' })}
          aria-label={t({ id: 'auth.areaCode.search', message: 'Search by name or code' })}
          aria-controls={listId}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {codes.status === 'loading' && (
        <div className="area-list__state" role="status">
          <Spinner />
        </div>
      )}
      {codes.status === 'failed' && (
        <div className="area-list__state" role="alert">
          <p>
            <Trans id="auth.areaCode.failed">The list could not be loaded.</Trans>
          </p>
          <button type="button" className="btn btn--ghost" onClick={codes.retry}>
            <Trans id="common.retry">Retry</Trans>
          </button>
        </div>
      )}
      {codes.status === 'ready' && (
        <ul id={listId} className="option-list area-list" aria-label={title}>
          {found.map((item) => (
            <li key={`${item.iso}-${item.area_code}`}>
              <button
                type="button"
                className="option-list__item area-list__item"
                aria-current={item.area_code === value ? true : undefined}
                onClick={() => onSelect(item.area_code)}
              >
                <span className="area-list__name">{item.name}</span>
                <span className="area-list__code">+{item.area_code}</span>
              </button>
            </li>
          ))}
          {found.length === 0 && (
            <li className="area-list__state" role="status">
              <Trans id="auth.areaCode.none">No country or region matches “{search}”.</Trans>
            </li>
          )}
        </ul>
      )}
    </Sheet>
  )
}
