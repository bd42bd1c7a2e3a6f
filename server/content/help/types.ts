/** Shape of the seeded support content: one title and one Markdown text per interface language. */
import type { Locale } from '../../../common/constants'

/** A title and its Markdown body. */
export interface MarkdownText {
  title: string
  content: string
}

/** One text in each of the ten interface languages. */
export type LocalizedMarkdown = Readonly<Record<Locale, MarkdownText>>
