import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { DocumentType, IdentityInfo } from '../../../common/api/identity'
import { ImageUploader, type UploadedImage } from '../../ui/ImageUploader'
import { describeFailure } from '../../api/problem'
import { FormError, useFormText } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { DocTypePicker } from './DocTypePicker'
import { PhotoGuide } from './PhotoGuide'
import '../../styles/identity.css'

const PHOTOS = ['front', 'back', 'selfie'] as const
type Photo = (typeof PHOTOS)[number]
type Problem = 'doc_type' | `${Photo}_upload_id`
const PROBLEM_FIELDS: readonly Problem[] = ['doc_type', 'front_upload_id', 'back_upload_id', 'selfie_upload_id']

/**
 * The advanced tier (spec §5: document, front, back and selfie photos, all required): the document type and three
 * single-image uploaders. Each photo is uploaded when picked; the submission sends the three upload ids.
 */
export function AdvancedForm({ onDone }: { onDone: (info: IdentityInfo) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const [docType, setDocType] = useState<DocumentType | null>(null)
  const [photos, setPhotos] = useState<Record<Photo, UploadedImage | null>>({ front: null, back: null, selfie: null })
  const [errors, setErrors] = useState<Partial<Record<Problem, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const show = useFormText()
  // A failure placed on this form: under the photo or picker the server names, else as the form's line.
  const placeProblem = (err: unknown): { field: Problem | null; text: string | null } => {
    const { field, text } = describeFailure(err)
    return { field: PROBLEM_FIELDS.find((f) => f === field) ?? null, text: show(text) ?? null }
  }

  const labels: Record<Photo, string> = {
    front: t({ id: 'identity.photo.frontLabel', message: 'Front of the document' }),
    back: t({ id: 'identity.photo.backLabel', message: 'Back of the document' }),
    selfie: t({ id: 'identity.photo.selfieLabel', message: 'Selfie holding the document' }),
  }
  const missing: Record<Photo, string> = {
    front: t({ id: 'identity.error.frontRequired', message: 'Please upload the front of your document' }),
    back: t({ id: 'identity.error.backRequired', message: 'Please upload the back of your document' }),
    selfie: t({ id: 'identity.error.selfieRequired', message: 'Please upload a selfie' }),
  }
  const upload = async (file: Blob, signal: AbortSignal) => {
    try {
      return await api.uploadImage(file, { silent: true, signal })
    } catch (err) {
      throw new Error(placeProblem(err).text ?? '', { cause: err })
    }
  }

  const submit = async () => {
    if (busy) return
    setFormError(null)
    const found: Partial<Record<Problem, string>> = {}
    if (!docType) found.doc_type = t({ id: 'identity.error.docTypeRequired', message: 'Please choose a document type' })
    for (const p of PHOTOS) if (!photos[p]) found[`${p}_upload_id`] = missing[p]
    setErrors(found)
    if (!docType || Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const info = await api.submitIdentityAdvanced(
        {
          doc_type: docType,
          front_upload_id: photos.front?.id,
          back_upload_id: photos.back?.id,
          selfie_upload_id: photos.selfie?.id,
        },
        { silent: true },
      )
      showToast(msg({ id: 'identity.submitted', message: 'Submitted' }), 'success')
      onDone(info)
    } catch (err) {
      const { field, text } = placeProblem(err)
      if (field && text) setErrors((e) => ({ ...e, [field]: text }))
      else setFormError(text)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="id-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <DocTypePicker
        value={docType}
        error={errors.doc_type}
        onChange={(v) => (setDocType(v), setErrors((e) => ({ ...e, doc_type: undefined })))}
      />
      <div className="id-photos">
        {PHOTOS.map((p) => (
          <ImageUploader
            key={p}
            label={labels[p]}
            value={photos[p]}
            onChange={(v) => {
              setPhotos((s) => ({ ...s, [p]: v }))
              setErrors((e) => ({ ...e, [`${p}_upload_id`]: undefined }))
            }}
            upload={upload}
            capture={p === 'selfie' ? 'user' : undefined}
            placeholder={<PhotoGuide kind={p} />}
            error={errors[`${p}_upload_id`]}
            disabled={busy}
          />
        ))}
      </div>
      <ul className="id-form__tips">
        <li>
          <Trans id="identity.tip.clear">All four corners visible, text sharp, no glare.</Trans>
        </li>
        <li>
          <Trans id="identity.tip.selfie">In the selfie, hold the document next to your face.</Trans>
        </li>
        <li>
          <Trans id="identity.tip.format">JPEG or PNG. Large photos are reduced before upload.</Trans>
        </li>
      </ul>
      <FormError>{formError}</FormError>
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? <Trans id="identity.submitting">Submitting…</Trans> : <Trans id="identity.submit">Submit</Trans>}
      </button>
    </form>
  )
}
