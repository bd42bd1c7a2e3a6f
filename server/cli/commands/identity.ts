/** Operator commands of the identity module. */
import type { AdminCommand } from './types'

export const IDENTITY_COMMANDS: readonly AdminCommand[] = []
