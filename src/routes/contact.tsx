import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { SupportLinks } from '../features/support'
import { setConfig, systemStore } from '../state/system'
import { Icon } from '../ui/Icon'
import { PageHeader } from '../ui/PageHeader'

/** Schemes an operator's service link may use (server/db/settings.ts allows the same; checked again here). */
const SERVICE_LINK = /^(https?:\/\/\S+|mailto:\S+|tel:\S+)$/i

/**
 * /contact (spec §2 "Contact: online service"): opens the operator's `customer_url` (a chat in a new tab, or a
 * mail/phone link), says plainly when none is configured, and offers feedback, which is always there.
 */
export const Route = createFileRoute('/contact')({
  // A fresh config, so a link the operator just set works; offline the last one seen is used.
  loader: ({ context }) =>
    context.api
      .getConfig({ silent: true })
      .then(setConfig)
      .catch(() => undefined),
  component: ContactPage,
})

function ContactPage() {
  const { t } = useLingui()
  const { config } = useSnapshot(systemStore)
  const url = config?.customer_url.trim() ?? ''
  const usable = SERVICE_LINK.test(url)
  const web = /^https?:/i.test(url)
  return (
    <div className="page sp-page">
      <PageHeader title={t({ id: 'page.contact', message: 'Customer service' })} />
      <section className="sp-card contact">
        <span className="contact__icon">
          <Icon name="service" size={28} />
        </span>
        <h2 className="contact__title">
          <Trans id="support.contact.online">Online service</Trans>
        </h2>
        {usable ? (
          <>
            <p className="contact__text">
              {web ? (
                <Trans id="support.contact.chatText">
                  Chat with our support team. The conversation opens in a new window.
                </Trans>
              ) : (
                <Trans id="support.contact.linkText">Reach our support team directly.</Trans>
              )}
            </p>
            <a
              className="btn btn--primary btn--block"
              href={url}
              {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <Trans id="support.contact.start">Contact online service</Trans>
            </a>
          </>
        ) : (
          <p className="contact__text">
            <Trans id="support.contact.none">
              Online chat is not available at the moment. Send us feedback instead: we reply to every message, and the
              answer appears in My feedback.
            </Trans>
          </p>
        )}
      </section>
      <SupportLinks
        items={[
          {
            to: '/feedback',
            icon: 'plusSquare',
            label: t({ id: 'support.newFeedback', message: 'New feedback' }),
            needsLogin: true,
          },
          {
            to: '/feedlist',
            icon: 'list',
            label: t({ id: 'page.feedlist', message: 'My feedback' }),
            needsLogin: true,
          },
          { to: '/help-center', icon: 'help', label: t({ id: 'page.helpCenter', message: 'Help center' }) },
        ]}
      />
      <p className="sp-safety">
        <Icon name="shield" size={16} />
        <span>
          <Trans id="support.contact.safety">
            Our staff will never ask for your passwords, verification codes or wallet recovery phrase.
          </Trans>
        </span>
      </p>
    </div>
  )
}
