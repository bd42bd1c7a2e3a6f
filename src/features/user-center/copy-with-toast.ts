/** Copy with the spec's "copy" success message (spec §8), or a clear failure toast. */
import { msg } from '@lingui/core/macro'
import { showToast } from '../../ui/toast'
import { copyText } from './copy-text'

/** Copies `text` (call from a tap) and toasts the outcome. */
export function copyWithToast(text: string): void {
  void copyText(text).then((ok) =>
    ok
      ? showToast(msg({ id: 'userCenter.copied', message: 'Copied' }), 'success')
      : showToast(
          msg({ id: 'userCenter.copyFailed', message: 'Could not copy. Select the text and copy it by hand.' }),
          'error',
        ),
  )
}
