import { describeApi } from '../helpers/server-api-suite'
import { describePostgres } from '../helpers/server-db'

await describePostgres('public API', (open) => describeApi('PostgreSQL', open))
