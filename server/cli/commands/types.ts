/** The shape of an operator command of `npm run admin`; each module under ./ exports a list of them. */
import type { ChainBalances } from '../../custody/reserves'
import type { DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'

/** Where commands write. */
export interface AdminIo {
  out(line: string): void
  err(line: string): void
  /**
   * The reserves on chain per currency, when the command runs in a server that watches a chain (through its admin
   * socket); absent from the command line.
   */
  reserves?: () => Promise<ReadonlyMap<string, DecimalString>>
  /**
   * What the venue's addresses hold on the watched chain (hot wallets, deposit addresses not yet swept), when the
   * command runs where a chain is reachable: through a server's admin socket, or with EVM_RPC_URL configured.
   */
  chain?: () => Promise<ChainBalances>
}

/** Thrown for a bad command line; the message is shown with the usage (exit 2). Other errors exit 1. */
export class UsageError extends Error {}

export interface AdminCommand {
  /** Two words, e.g. `identity list`, or one (`risk`). */
  name: string
  /** Usage lines for the help text, already indented by two spaces, e.g. `  identity list [--status S]   …`. */
  usage: string
  run(db: Db, args: string[], io: AdminIo): Promise<void>
}
