/** The proof of liabilities (issue 23 part 6): the newest published proof, and the caller's path in it. */
import { proofLatestSchema, proofMineSchema } from '../../common/api/proof'
import { latestProof, myProof } from '../custody/proof'
import { defineRoute } from './route'

export const proofLatestRoute = defineRoute({
  path: 'proof/latest',
  summary: 'The newest proof of liabilities: Merkle-sum root, leaf count, liabilities and reserves per currency',
  data: proofLatestSchema,
  handler: ({ deps }) => latestProof(deps.db),
})

export const proofMineRoute = defineRoute({
  path: 'proof/mine',
  summary: "The caller's leaf (salt, balances) and path in the newest proof; null when they had no balance then",
  auth: 'user',
  data: proofMineSchema,
  handler: ({ deps, session }) => myProof(deps.db, session.userId),
})

export const PROOF_ROUTES = [proofLatestRoute, proofMineRoute] as const
