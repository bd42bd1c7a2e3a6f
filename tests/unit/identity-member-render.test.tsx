/**
 * Member information and the uploader rendered to HTML: what the user submitted is shown as text (markup escaped,
 * never parsed), the ID number as masked by the server, labels in the user's language, and the photos through the
 * signed URLs; the uploader is one image with a delete control, or an empty picker.
 */
import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToString } from 'react-dom/server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { IdentityInfo } from '../../common/api/identity'
import { MemberInfo } from '../../src/features/identity/MemberInfo'
import { ImageUploader } from '../../src/ui/ImageUploader'

async function activate(locale: 'en' | 'zh-CN') {
  // A template import has no static type; the shape is the one src/i18n/po.d.ts declares for every catalog.
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale, messages })
}
const html = (node: React.ReactNode) => renderToString(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

const tier = {
  status: 'verified' as const,
  reject_reason: null,
  submitted_at: '2025-01-01 00:00:00',
  reviewed_at: '2025-01-02 00:00:00',
}
const info: IdentityInfo = {
  basic: {
    ...tier,
    name: '<img src=x onerror=alert(1)>',
    id_number: '33************1234',
    city: 'Zürich',
    email: 'a@b.co',
  },
  advanced: {
    ...tier,
    doc_type: 'driver_license',
    front_url: '/api/common/image?id=1&sid=1&exp=1&sig=a',
    back_url: '/api/common/image?id=2&sid=1&exp=1&sig=b',
    selfie_url: '/api/common/image?id=3&sid=1&exp=1&sig=c',
  },
}

beforeEach(() => activate('en'))

describe('MemberInfo', () => {
  it('shows submitted text escaped, the masked ID number and the three photos', () => {
    const out = html(<MemberInfo info={info} />)
    expect(out).not.toContain('<img src=x')
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(out).toContain('33************1234')
    expect(out).toContain('Driver&#x27;s licence')
    expect(out.match(/<img [^>]*src="\/api\/common\/image\?id=\d/g)).toHaveLength(3)
  })

  it('is translated', async () => {
    await activate('zh-CN')
    const out = html(<MemberInfo info={info} />)
    expect(out).toContain('会员信息')
    expect(out).toContain('驾驶证')
  })

  it('shows nothing before anything was submitted', () => {
    const none = { ...tier, status: 'none' as const, submitted_at: null, reviewed_at: null }
    const empty: IdentityInfo = {
      basic: { ...none, name: null, id_number: null, city: null, email: null },
      advanced: { ...none, doc_type: null, front_url: null, back_url: null, selfie_url: null },
    }
    expect(html(<MemberInfo info={empty} />)).toBe('')
  })
})

describe('ImageUploader', () => {
  const upload = async () => ({ id: 1 })
  it('offers one picker for JPEG/PNG, with the camera for a selfie', () => {
    const out = html(<ImageUploader label="Selfie" value={null} onChange={() => {}} upload={upload} capture="user" />)
    expect(out).toContain('accept="image/jpeg,image/png"')
    expect(out).toContain('capture="user"')
    expect(out).toContain('Take a photo')
    expect(out).not.toContain('<img')
  })

  it('shows the one image with cover fit and a delete control', () => {
    const out = html(
      <ImageUploader
        label="Front"
        value={{ id: 3, url: 'blob:x' }}
        onChange={() => {}}
        upload={upload}
        error="Too blurry"
      />,
    )
    expect(out.match(/<img /g)).toHaveLength(1)
    expect(out).toContain('class="uploader__img"')
    expect(out).toContain('Delete image')
    expect(out).toContain('Too blurry')
    expect(out).not.toContain('capture=')
  })
})
