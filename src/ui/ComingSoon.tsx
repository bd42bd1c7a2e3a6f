import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Icon } from './Icon'

/** The honest note of a section that a later release builds; `children` may add what is already real. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <section className="coming-soon">
      {children}
      <div className="coming-soon__note">
        <Icon name="info" size={22} />
        <p>
          <Trans id="common.comingSoon">This section arrives in a later release.</Trans>
        </p>
      </div>
    </section>
  )
}
