import { describeApi } from '../helpers/server-api-suite'
import { pgliteTestDb } from '../helpers/server-db'

describeApi('PGlite', () => pgliteTestDb())
