/**
 * What a test needs from the machine (the recorded market data in ../shared/data/market, the PostgreSQL server, the
 * NATS server with JetStream): locally a missing one skips its tests with the reason; under CI=true it fails the run,
 * so a CI job never turns green without having run them. The servers are probed where they are used
 * (tests/helpers/server-db.ts `describePostgres`, tests/helpers/nats.ts `describeNats`), through `skipReason`.
 */
import { existsSync } from 'node:fs'

/** True when CI is set (CI=true, as CI services and .ci/run set it): missing prerequisites then fail. */
export const STRICT_PREREQUISITES = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase())

/** Thrown under CI when a prerequisite is missing; the message says what and why. */
export class MissingPrerequisite extends Error {
  override name = 'MissingPrerequisite'
}

/**
 * Returns `reason` (for a skip message) when running locally; throws a MissingPrerequisite under CI=true.
 * @param reason what is missing, e.g. "PostgreSQL unreachable at postgres://…: ECONNREFUSED"
 */
export function skipReason(reason: string): string {
  if (STRICT_PREREQUISITES)
    throw new MissingPrerequisite(`${reason} — CI=true requires it, so this fails instead of skipping`)
  return reason
}

/**
 * True when the recorded-data file or folder `path` exists; false (tests skip, saying so) when it does not, except
 * under CI=true, where its absence throws.
 */
export function recordedDataPresent(path: string): boolean {
  if (existsSync(path)) return true
  skipReason(`recorded market data ${path} is absent (see ../shared/data/market/PROVENANCE.md)`)
  return false
}
