/** GET admin/outbox (operators): the messages the server sent or kept, newest first, so support can read codes. */
import * as z from 'zod/mini'
import { adminOutboxQuery, outboxItemSchema } from '../../../common/api/account'
import { listOutbox } from '../../auth/outbox'
import { defineRoute } from '../route'

export const adminOutboxRoute = defineRoute({
  path: 'admin/outbox',
  summary: 'Operators: the newest outbox messages (verification codes), optionally to one recipient (`to`, substring).',
  auth: 'operator',
  input: adminOutboxQuery,
  data: z.array(outboxItemSchema),
  handler: ({ deps, query }) => listOutbox(deps.db, query),
})
