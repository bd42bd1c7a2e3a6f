import { Trans, useLingui } from '@lingui/react/macro'
import { Icon } from './Icon'

/** Shown instead of every screen while the site is under maintenance (config.web_maintain ≠ 1, spec §2). */
export function MaintenanceScreen({ customerUrl }: { customerUrl: string }) {
  const { t } = useLingui()
  return (
    <main className="maintenance">
      <svg className="maintenance__art" viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="60" cy="60" r="54" fill="var(--brand-soft)" />
        <g
          transform="translate(30 30) scale(2.5)"
          fill="none"
          stroke="var(--brand)"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z" />
        </g>
      </svg>
      <h1 className="maintenance__title">
        <Trans id="maintenance.title">We are upgrading the system</Trans>
      </h1>
      <p className="maintenance__text">
        <Trans id="maintenance.text">
          Sorry for the inconvenience. The service is under maintenance and will be back shortly. Contact customer
          service if you need help.
        </Trans>
      </p>
      {customerUrl && (
        <a className="maintenance__service" href={customerUrl} target="_blank" rel="noopener noreferrer">
          <Icon
            name="service"
            size={28}
            label={t({ id: 'maintenance.customerService', message: 'Customer service' })}
          />
        </a>
      )}
    </main>
  )
}
