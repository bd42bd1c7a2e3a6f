/** The futures model (contract-model-suite.ts) on PostgreSQL; contract-model.test.ts runs it on PGlite. */
import { describePostgres } from '../helpers/server-db'
import { describeModel } from './contract-model-suite'

await describePostgres('futures model', (openDb) => describeModel('PostgreSQL', openDb))
