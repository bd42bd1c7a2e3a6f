/** The help-center articles seeded on first start, in list order, each in the ten interface languages. */
import { HELP_ACCOUNT } from './account'
import { HELP_FEES } from './fees'
import { HELP_FUNDS } from './funds'
import { HELP_SECURITY } from './security'
import { HELP_SUPPORT } from './support'
import type { LocalizedMarkdown } from './types'

export type { LocalizedMarkdown, MarkdownText } from './types'

export const HELP_ARTICLES: readonly LocalizedMarkdown[] = [
  HELP_ACCOUNT,
  HELP_SECURITY,
  HELP_FUNDS,
  HELP_FEES,
  HELP_SUPPORT,
]
