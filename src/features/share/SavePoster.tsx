import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Icon } from '../../ui/Icon'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'
import { drawPoster, type PosterContent } from './poster'
import '../../styles/share.css'

/** True on touch-first devices, where a downloaded file is hard to find and long-press saves to the photo library. */
function isTouch(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches
}

/**
 * "Save image": draws the invitation poster, downloads it as PNG and, on phones, also shows it with the hint to
 * long-press it (iOS and many Android browsers save images to the gallery that way, not through downloads).
 */
export function SavePoster({ content }: { content: PosterContent }) {
  const { t } = useLingui()
  const [poster, setPoster] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => () => void (poster && URL.revokeObjectURL(poster)), [poster])

  const save = async () => {
    if (busy) return
    setBusy(true)
    try {
      const blob = await drawPoster(content)
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `invite-${content.code}.png`
      a.click()
      if (isTouch()) setPoster(url)
      else {
        showToast(msg({ id: 'share.saved', message: 'Image saved' }), 'success')
        setTimeout(() => URL.revokeObjectURL(url), 60_000)
      }
    } catch {
      showToast(msg({ id: 'share.saveFailed', message: 'The image could not be created' }), 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn--primary btn--block share-save"
        onClick={() => void save()}
        disabled={busy}
      >
        <Icon name="download" size={18} />
        <Trans id="share.saveImage">Save image</Trans>
      </button>
      <Sheet
        open={poster !== null}
        title={t({ id: 'share.posterTitle', message: 'Invitation poster' })}
        onClose={() => setPoster(null)}
      >
        {poster && (
          <img
            className="share-poster"
            src={poster}
            alt={t({ id: 'share.posterAlt', message: 'Invitation poster with QR code' })}
          />
        )}
        <p className="share-hint">
          <Trans id="share.longPress">Long-press the image to save it to your photos.</Trans>
        </p>
      </Sheet>
    </>
  )
}
