import { useLingui } from '@lingui/react/macro'
import { DOCUMENT_TYPES, type DocumentType } from '../../../common/api/identity'
import { DOC_TYPE_LABELS } from './labels'

/** Document type of the advanced tier (spec §3: ID card or driver's licence) as two radio chips. */
export function DocTypePicker({
  value,
  onChange,
  error,
}: {
  value: DocumentType | null
  onChange: (v: DocumentType) => void
  error?: string | undefined
}) {
  const { t, i18n } = useLingui()
  return (
    <fieldset className="id-doctype">
      <legend className="field__label">{t({ id: 'identity.field.docType', message: 'Document type' })}</legend>
      <div className="id-doctype__options" role="radiogroup">
        {DOCUMENT_TYPES.map((type) => (
          <label
            key={type}
            className={value === type ? 'id-doctype__option id-doctype__option--on' : 'id-doctype__option'}
          >
            <input type="radio" name="doc_type" value={type} checked={value === type} onChange={() => onChange(type)} />
            {i18n._(DOC_TYPE_LABELS[type])}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
