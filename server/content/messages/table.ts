/** Shape of a server message table: every locale has every key of the table. */
import type { Locale } from '../../../common/constants'

export type MessageTable<K extends string = string> = Readonly<Record<Locale, Readonly<Record<K, string>>>>
