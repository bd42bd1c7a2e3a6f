/**
 * The daily proof of reserves and liabilities (issue 23 part 6: "on an operator's command and daily"): each jobs
 * process checks every hour whether a proof was published since 00:00 UTC and, if not, publishes one — with the
 * reserves read from chain when a chain is watched (server/custody/reserves.ts). Two jobs processes checking in the
 * same instant may both publish: two proofs that day, each complete and valid on its own.
 */
import { desc } from 'drizzle-orm'
import type { Db } from '../db/client'
import { liabilityProofs } from '../db/schema'
import { publishProof, type PublishedProof } from './proof'
import type { DecimalString } from '../../common/amount'

/** How often the job looks, ms. */
const CHECK_MS = 60 * 60 * 1000
/** The first look, a minute after start (a process that starts and stops at once publishes nothing), ms. */
const FIRST_CHECK_MS = 60 * 1000

/** What the job needs: the database, the reserves reader (absent without a chain), the clock and the log. */
export interface ProofJobDeps {
  db: Db
  reserves?: (() => Promise<ReadonlyMap<string, DecimalString>>) | undefined
  now?: () => Date
  log?: (line: string) => void
}

/** Publishes a proof unless one was published since 00:00 UTC of `now`; answers it, or undefined. */
export async function dailyProofPass(deps: ProofJobDeps): Promise<PublishedProof | undefined> {
  const now = deps.now ? deps.now() : new Date()
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const [latest] = await deps.db
    .select({ at: liabilityProofs.createdAt })
    .from(liabilityProofs)
    .orderBy(desc(liabilityProofs.id))
    .limit(1)
  if (latest && latest.at.getTime() >= dayStart) return undefined
  const proof = await publishProof(deps.db, deps.reserves ? await deps.reserves() : undefined)
  deps.log?.(`[proof] daily proof #${proof.id}: root ${proof.root}, ${proof.leafCount} users`)
  return proof
}

/**
 * Runs `dailyProofPass` a minute after start and every hour after that until stopped; a failed pass is logged and
 * tried at the next.
 */
export function startProofJob(deps: ProofJobDeps): { stop(): Promise<void> } {
  const log = deps.log ?? ((line: string) => console.log(line))
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    running = running
      .then(() => dailyProofPass({ ...deps, log }))
      .catch((err: unknown) => log(`[proof] daily proof failed: ${err instanceof Error ? err.message : String(err)}`))
  }
  let timer = setTimeout(function tick() {
    pass()
    timer = setTimeout(tick, CHECK_MS)
    timer.unref()
  }, FIRST_CHECK_MS)
  timer.unref()
  return {
    async stop() {
      clearTimeout(timer)
      await running
    },
  }
}
