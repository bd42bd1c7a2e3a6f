/** The futures model (contract-model-suite.ts) on PGlite; contract-model-pg.test.ts runs it on PostgreSQL. */
import { pgliteTestDb } from '../helpers/server-db'
import { describeModel } from './contract-model-suite'

describeModel('PGlite', () => pgliteTestDb())
