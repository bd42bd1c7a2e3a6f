import { useEffect, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * A bottom sheet over a dimmed backdrop; closes on backdrop tap or Escape. Rendered into <body> so a sticky header's
 * stacking context cannot put the tab bar above it.
 */
export function Sheet({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
}) {
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onClose])
  if (!open) return null
  return createPortal(
    <div className="sheet-layer" role="presentation" onClick={onClose}>
      <div className="sheet" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <div className="sheet__title">{title}</div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  )
}
