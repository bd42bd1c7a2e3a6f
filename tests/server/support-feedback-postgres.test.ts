import { describePostgres } from '../helpers/server-db'
import { describeFeedback } from './support-feedback-suite'

await describePostgres('feedback', (open) => describeFeedback('PostgreSQL', open))
