/**
 * The data directories of the servers an end-to-end run started, kept for `npm test`'s closing ledger check
 * (tests/run.ts): when the variable `E2E_DATA_DIRS` names a file, each server appends its DATA_DIR there (one a line)
 * and leaves it in place when it stops; run.ts checks each with `ledger check`, then removes it. Without the variable
 * (a Playwright run on its own) a stopped server's directory is removed at once.
 */
import { appendFileSync, rmSync } from 'node:fs'

/** The environment variable naming the list file. */
export const E2E_DATA_DIRS = 'E2E_DATA_DIRS'

/** Records `dataDir` for the closing ledger check; answers false when no check will run (nothing recorded). */
export function keepForLedgerCheck(dataDir: string): boolean {
  const file = process.env[E2E_DATA_DIRS]
  if (!file) return false
  appendFileSync(file, `${dataDir}\n`)
  return true
}

/** After its server stopped: `dataDir` removed unless the run's ledger check will read it. */
export function releaseDataDir(dataDir: string, kept: boolean): void {
  if (!kept) rmSync(dataDir, { recursive: true, force: true })
}
