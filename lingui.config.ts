// Lingui 5 (Lingui 6 needs Node 22, see ../shared/docs/toolchain.md). Lives at the top level because the Lingui CLI
// and Vite plugin look for it there. Catalogs: locales/{locale}/messages.po, one lazy chunk per locale.
import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-CN', 'zh-TW', 'es', 'hi', 'ko', 'ja', 'pt', 'vi', 'id'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
  format: formatter({ lineNumbers: false }),
  // By id: the default (by source text) leaves ids with the same English text in no fixed order, so every extract
  // reshuffled the catalogs.
  orderBy: 'messageId',
})
