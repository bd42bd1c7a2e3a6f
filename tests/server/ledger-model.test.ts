/** The ledger model (ledger-model-suite.ts) on PGlite; ledger-model-pg.test.ts runs it on PostgreSQL. */
import { pgliteTestDb } from '../helpers/server-db'
import { describeModel } from './ledger-model-suite'

describeModel('PGlite', () => pgliteTestDb())
