import { pgliteTestDb } from '../helpers/server-db'
import { describeFeedback } from './support-feedback-suite'

describeFeedback('PGlite', () => pgliteTestDb())
