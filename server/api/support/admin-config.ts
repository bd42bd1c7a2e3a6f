/** Operator calls on site settings: `admin/config` reads them, `admin/config_set` writes one (its own rule applies). */
import { CODE_BAD_INPUT } from '../../../common/constants'
import { OPERATOR_SETTING_KEYS, adminConfigSchema, configSetAnswer, configSetInput } from '../../../common/api/support'
import { SETTING_KEYS, readSettings, writeSetting, type SettingKey } from '../../db/settings'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'
import { auditOperator } from './audit'

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
  async handler({ deps, session, body }) {
    let value: string
    try {
      value = await writeSetting(deps.db, body.key, body.value)
    } catch (err) {
      // writeSetting says `<key>: <reason>`; the reason goes in the field issues, the message is translated.
      const reason = err instanceof Error ? err.message.replace(/^[^:]+:\s*/, '') : 'invalid value'
      const data = { field: 'value', issues: [{ field: 'value', message: reason }] }
      throw new ApiError(CODE_BAD_INPUT, 'settingRejected', undefined, data)
    }
    await auditOperator(deps, session, `set ${body.key}`)
    return { key: body.key, value }
  },
})
