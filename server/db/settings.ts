/** Operator settings (key/value rows): the fields of `common/config` an operator controls. */
import { inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { notifyChange } from '../cache/change-feed'
import type { Db } from './client'
import { settings } from './schema'

/** Keys an operator may read and set (spec §3 config object, plus the site name and the invitation rule). */
export const SETTING_KEYS = ['web_maintain', 'customer_url', 'site_name', 'invite_required'] as const
export type SettingKey = (typeof SETTING_KEYS)[number]
export type Settings = Record<SettingKey, string>

/**
 * Values written on first start. `web_maintain` 1 = maintenance off; an empty customer_url means none;
 * `invite_required` 0 because a fresh install has no one to invite its first users (an operator turns it on).
 */
export const SETTING_DEFAULTS: Readonly<Settings> = {
  web_maintain: '1',
  customer_url: '',
  site_name: 'TC Market',
  invite_required: '0',
}

/** What each value must look like; the CLI reports these messages as is. */
export const SETTING_SCHEMAS: Readonly<Record<SettingKey, z.ZodType<string>>> = {
  web_maintain: z.string().regex(/^-?\d{1,9}$/, 'expected an integer (1 = maintenance off, anything else = on)'),
  customer_url: z
    .string()
    .regex(/^(|https?:\/\/\S+|mailto:\S+|tel:\S+)$/, 'expected an http(s)://, mailto: or tel: link, or "" for none'),
  site_name: z.string().trim().min(1, 'expected 1–64 characters').max(64, 'expected 1–64 characters'),
  invite_required: z.string().regex(/^[01]$/, 'expected 1 (registration needs an invitation code) or 0'),
}

/** True when `key` is one of SETTING_KEYS. */
export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key)
}

/** Every operator setting, defaults filling any missing row. */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...SETTING_KEYS]))
  const out: Settings = { ...SETTING_DEFAULTS }
  for (const row of rows) if (isSettingKey(row.key)) out[row.key] = row.value
  return out
}

/**
 * Validates and stores one setting; returns the stored value (trimmed where the schema trims). Every server process
 * on the database drops its cached `common/config` when this commits (the `settings` change notice).
 * @throws Error `<key>: <reason>` when the value is not acceptable.
 */
export async function writeSetting(db: Db, key: SettingKey, value: string): Promise<string> {
  const parsed = SETTING_SCHEMAS[key].safeParse(value)
  if (!parsed.success) throw new Error(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`)
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key, value: parsed.data })
      .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: sql`now()` } })
    await notifyChange(tx, 'settings')
  })
  return parsed.data
}
