/** Operator calls on site settings: `admin/config` reads them, `admin/config_set` writes one (its own rule applies). */
import { OPERATOR_SETTING_KEYS, adminConfigSchema, configSetAnswer, configSetInput } from '../../../common/api/support'
import { SETTING_KEYS, readSettings, type SettingKey } from '../../db/settings'
import { setSetting } from '../../support/operator-content'
import { defineRoute } from '../route'

// The wire list and the settings module's list must hold the same keys.
const _sameKeys: readonly SettingKey[] = OPERATOR_SETTING_KEYS
const _sameKeysBack: readonly (typeof OPERATOR_SETTING_KEYS)[number][] = SETTING_KEYS
void _sameKeys
void _sameKeysBack

export const adminConfigRoute = defineRoute({
  path: 'admin/config',
  summary: 'Operators: every setting as stored (web_maintain, customer_url, site_name, invite_required).',
  auth: 'operator',
  data: adminConfigSchema,
  handler: ({ deps }) => readSettings(deps.db),
})

export const adminConfigSetRoute = defineRoute({
  method: 'POST',
  path: 'admin/config_set',
  summary: "Operators: change one setting; a value outside the setting's rule is refused, naming the reason.",
  auth: 'operator',
  input: configSetInput,
  data: configSetAnswer,
  async handler({ deps, session, body, ip }) {
    return { key: body.key, value: await setSetting(deps, { userId: session.userId, ip }, body.key, body.value) }
  },
})
