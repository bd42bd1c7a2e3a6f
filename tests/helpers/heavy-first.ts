/**
 * vitest's file order for `npm test` (vite.config.ts `sequence.sequencer`): the long files first, longest first, then
 * the rest in vitest's own order. On a clean checkout (CI) vitest has no durations from an earlier run and starts the
 * largest files first, which put the futures model (a short file that runs for minutes) last on its worker: the run
 * then ended minutes after the other worker had finished. Measured on the 2-core machine (seconds per file, CI-like
 * load); a file missing from the list keeps vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Files (relative to the repository root) that run longest, longest first. */
export const HEAVY_FIRST: readonly string[] = [
  'tests/server/contract-model.test.ts',
  'tests/server/contract-model-pg.test.ts',
  'tests/server/ledger-model.test.ts',
  'tests/server/ledger-model-pg.test.ts',
  'tests/server/cluster-kill.test.ts',
  'tests/server/ledger-crash.test.ts',
  'tests/server/spot-model.test.ts',
  'tests/server/micro-exploits.test.ts',
  'tests/server/auth-lockout.test.ts',
  'tests/server/micro-crash.test.ts',
  'tests/server/ledger-race.test.ts',
  'tests/server/db-migrations.test.ts',
  'tests/server/cluster-command.test.ts',
]

/** The order above for the files it names, vitest's for the rest, after them. */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = HEAVY_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`))
      return i === -1 ? HEAVY_FIRST.length : i
    }
    const rest = await super.sort(files.filter((f) => rank(f) === HEAVY_FIRST.length))
    const heavy = files.filter((f) => rank(f) < HEAVY_FIRST.length).sort((a, b) => rank(a) - rank(b))
    return [...heavy, ...rest]
  }
}
