import { useLingui } from '@lingui/react/macro'
import { copyWithToast } from '../user-center'
import { Icon } from '../../ui/Icon'
import '../../styles/share.css'

/** A labelled value with a copy button (the invitation code, the link). */
export function CopyRow({ label, value, big = false }: { label: string; value: string; big?: boolean }) {
  const { t } = useLingui()
  return (
    <div className="share-copy">
      <div className="share-copy__text">
        <span className="share-copy__label">{label}</span>
        <span className={big ? 'share-copy__value share-copy__value--big' : 'share-copy__value'}>{value}</span>
      </div>
      <button type="button" className="share-copy__btn" onClick={() => copyWithToast(value)}>
        <Icon name="copy" size={16} />
        {t({ id: 'share.copy', message: 'Copy' })}
      </button>
    </div>
  )
}
