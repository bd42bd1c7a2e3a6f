import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui/Icon'

type RecordPath = '/deposit-record' | '/withdrawal-record' | '/account-record'

/** The header's link from a money screen to its records. */
export function RecordsLink({ to, label }: { to: RecordPath; label: string }) {
  return (
    <Link to={to} className="icon-btn" aria-label={label}>
      <Icon name="list" size={22} />
    </Link>
  )
}
