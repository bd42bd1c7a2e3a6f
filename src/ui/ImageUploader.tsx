import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Icon } from './Icon'
import { ImagePrepareError, prepareImage, type ImageProblem } from './image-prepare'
import { Spinner } from './Spinner'
import '../styles/identity.css'

/** An image the uploader holds: the server's upload id and a URL to show it (a local blob: URL or a signed one). */
export interface UploadedImage {
  id: number
  url: string
}

export interface ImageUploaderProps {
  /** What the picture is, e.g. "Front of the document". */
  label: string
  value: UploadedImage | null
  onChange: (value: UploadedImage | null) => void
  /** Sends the prepared file; resolves with the server's id, rejects with an Error whose message is shown. */
  upload: (file: Blob, signal: AbortSignal) => Promise<{ id: number }>
  /** Opens the camera on phones: `user` (front, selfies) or `environment` (back, documents). */
  capture?: 'user' | 'environment'
  /** Drawing shown in the empty box (e.g. a document outline). */
  placeholder?: ReactNode
  /** Problem found by the form or the server, shown under the box. */
  error?: string | undefined
  disabled?: boolean
}

/**
 * The single-image uploader of spec §2: one image only, deletable, previewed with cover fit. The file is checked
 * (JPEG/PNG by its bytes, size) and, when too large, scaled down before it is sent; a spinner covers the preview
 * while it uploads, and deleting during an upload cancels it.
 */
export function ImageUploader({
  label,
  value,
  onChange,
  upload,
  capture,
  placeholder,
  error,
  disabled,
}: ImageUploaderProps) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState<{ url: string; ctrl: AbortController } | null>(null)
  const [problem, setProblem] = useState('')
  const owned = useRef<string | null>(null)
  const problemText = useProblemText()

  // Object URLs this uploader made are released when replaced or unmounted.
  const release = () => {
    if (owned.current) URL.revokeObjectURL(owned.current)
    owned.current = null
  }
  useEffect(() => () => release(), [])

  const pick = async (file: File | undefined) => {
    if (!file) return
    setProblem('')
    let prepared: Blob
    try {
      prepared = await prepareImage(file)
    } catch (err) {
      setProblem(problemText(err instanceof ImagePrepareError ? err.problem : 'decode'))
      return
    }
    release()
    const url = URL.createObjectURL(prepared)
    owned.current = url
    const ctrl = new AbortController()
    setBusy({ url, ctrl })
    try {
      const { id } = await upload(prepared, ctrl.signal)
      if (!ctrl.signal.aborted) onChange({ id, url })
    } catch (err) {
      if (!ctrl.signal.aborted) {
        release()
        setProblem(err instanceof Error && err.message ? err.message : problemText('decode'))
      }
    } finally {
      setBusy((b) => (b?.ctrl === ctrl ? null : b))
    }
  }

  const remove = () => {
    busy?.ctrl.abort()
    setBusy(null)
    release()
    setProblem('')
    onChange(null)
  }

  const shown = busy?.url ?? value?.url
  const message = problem || error
  return (
    <div className={message ? 'uploader uploader--error' : 'uploader'}>
      <div className={shown ? 'uploader__box uploader__box--filled' : 'uploader__box'}>
        {shown ? (
          <>
            <img className="uploader__img" src={shown} alt={label} />
            {busy && (
              <div className="uploader__busy" role="status">
                <Spinner size={26} />
                <span>{t({ id: 'upload.uploading', message: 'Uploading…' })}</span>
              </div>
            )}
            {!disabled && (
              <button type="button" className="uploader__remove" onClick={remove}>
                <Icon name="close" size={16} label={t({ id: 'upload.remove', message: 'Delete image' })} />
              </button>
            )}
          </>
        ) : (
          <button type="button" className="uploader__pick" disabled={disabled} onClick={() => input.current?.click()}>
            {placeholder ?? <Icon name="plusSquare" size={30} />}
            <span className="uploader__cta">
              <Icon name="plus" size={16} />
              {capture
                ? t({ id: 'upload.takePhoto', message: 'Take a photo' })
                : t({ id: 'upload.choose', message: 'Choose a photo' })}
            </span>
          </button>
        )}
      </div>
      <div className="uploader__label">{label}</div>
      {message && (
        <p className="field__error" role="alert">
          {message}
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        capture={capture}
        hidden
        onChange={(e) => {
          void pick(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </div>
  )
}

/** Translated text of a client-side image problem. */
function useProblemText(): (p: ImageProblem) => string {
  const { t } = useLingui()
  return (p) =>
    ({
      empty: t({ id: 'upload.empty', message: 'The file is empty. Please choose another photo.' }),
      type: t({ id: 'upload.type', message: 'Please choose a JPEG or PNG image.' }),
      size: t({ id: 'upload.size', message: 'The image is larger than 5 MB.' }),
      decode: t({ id: 'upload.decode', message: 'This image could not be read. Please choose another photo.' }),
    })[p]
}
