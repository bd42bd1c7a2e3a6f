import { Trans, useLingui } from '@lingui/react/macro'
import type { IdentityInfo } from '../../../common/api/identity'
import { DOC_TYPE_LABELS } from './labels'
import '../../styles/identity.css'

/**
 * Member information (spec §2): what the user submitted, as text (never markup), the ID number masked, and the
 * document photos through the short-lived URLs the server signed for this session.
 */
export function MemberInfo({ info }: { info: IdentityInfo }) {
  const { t, i18n } = useLingui()
  const { basic, advanced } = info
  if (basic.status === 'none' && advanced.status === 'none') return null
  const rows: [string, string | null][] = [
    [t({ id: 'identity.field.name', message: 'Name' }), basic.name],
    [t({ id: 'identity.field.idNumber', message: 'ID number' }), basic.id_number],
    [t({ id: 'identity.field.city', message: 'City' }), basic.city],
    [t({ id: 'identity.field.email', message: 'Email' }), basic.email],
    [
      t({ id: 'identity.field.docType', message: 'Document type' }),
      advanced.doc_type && i18n._(DOC_TYPE_LABELS[advanced.doc_type]),
    ],
  ]
  const photos: [string, string | null][] = [
    [t({ id: 'identity.photo.front', message: 'Front' }), advanced.front_url],
    [t({ id: 'identity.photo.back', message: 'Back' }), advanced.back_url],
    [t({ id: 'identity.photo.selfie', message: 'Selfie' }), advanced.selfie_url],
  ]
  return (
    <section className="id-member" aria-labelledby="id-member-title">
      <h2 id="id-member-title" className="id-section-title">
        <Trans id="identity.memberInfo">Member information</Trans>
      </h2>
      <dl className="id-member__list">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="id-member__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {photos.some(([, url]) => url) && (
        <div className="id-member__photos">
          {photos.map(([label, url]) =>
            url ? (
              <figure key={label} className="id-member__photo">
                <img src={url} alt={label} loading="lazy" />
                <figcaption>{label}</figcaption>
              </figure>
            ) : null,
          )}
        </div>
      )}
    </section>
  )
}
