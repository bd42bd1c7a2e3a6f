/** The ledger model (ledger-model-suite.ts) on PostgreSQL; ledger-model.test.ts runs it on PGlite. */
import { describePostgres } from '../helpers/server-db'
import { describeModel } from './ledger-model-suite'

await describePostgres('ledger model', (open) => describeModel('PostgreSQL', open))
