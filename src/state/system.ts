/**
 * System config (spec §3 "system": the `common/config` answer), persisted under SYSTEM_CONFIG so an offline start
 * still knows the site name, the market source and the maintenance flag last seen.
 */
import { proxy } from 'valtio'
import { STORAGE_KEYS } from '../../common/constants'
import { configSchema, type Config } from '../../common/api/public'
import { readStored, writeStored } from './storage'

function isConfig(value: unknown): value is Config {
  return configSchema.safeParse(value).success
}

export interface SystemState {
  /** Last config seen, or null before the first successful `common/config`. */
  config: Config | null
}

export const systemStore = proxy<SystemState>({
  config: readStored<Config | null>(STORAGE_KEYS.system, isConfig, null),
})

/** Stores a fresh config. */
export function setConfig(config: Config): void {
  systemStore.config = config
  writeStored(STORAGE_KEYS.system, config)
}

/** True when the config says the site is under maintenance (spec §3: web_maintain 1 = maintenance off). */
export function isMaintenance(config: Pick<Config, 'web_maintain'> | null): boolean {
  return config !== null && config.web_maintain !== 1
}
