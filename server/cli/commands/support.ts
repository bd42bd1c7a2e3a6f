/** Operator commands of the support module. */
import type { AdminCommand } from './types'

export const SUPPORT_COMMANDS: readonly AdminCommand[] = []
