import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Sheet } from '../../ui/Sheet'
import { MenuButton } from './MenuRow'

/**
 * "Demo account" (spec §2 demo enter/exit). The demo book comes with the assets release, so the row explains that
 * instead of showing a switch that would do nothing.
 */
export function DemoAccountRow() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const title = t({ id: 'userCenter.demo', message: 'Demo account' })
  return (
    <>
      <MenuButton icon="flask" label={title} onClick={() => setOpen(true)} />
      <Sheet open={open} title={title} onClose={() => setOpen(false)}>
        <div className="uc-sheet">
          <p>
            <Trans id="userCenter.demoText">
              The demo account lets you practise trading with virtual funds that never touch your real balance. It
              becomes available together with the assets features in an upcoming version; until then there is nothing to
              switch on.
            </Trans>
          </p>
          <button type="button" className="btn btn--primary btn--block" onClick={() => setOpen(false)}>
            <Trans id="userCenter.gotIt">Got it</Trans>
          </button>
        </div>
      </Sheet>
    </>
  )
}
