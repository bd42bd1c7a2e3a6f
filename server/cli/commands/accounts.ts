/** Operator commands of the accounts module. */
import type { AdminCommand } from './types'

export const ACCOUNTS_COMMANDS: readonly AdminCommand[] = []
