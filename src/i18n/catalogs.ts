/**
 * One locale's compiled catalog (locales/{locale}/messages.po, a chunk of its own per locale). src/early.ts has
 * usually started its download already (catalog-preload.ts), so the import here gets it from the browser's module
 * map without a second round trip.
 */
import type { Messages } from '@lingui/core'
import type { Locale } from '../../common/constants'

/** The messages of `locale`. Rejects when its chunk cannot be loaded (offline before it was cached). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  // A template import has no static type; the shape is the one po.d.ts declares for every catalog.
  const catalog = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  return catalog.messages
}
