/** `POST user/ws_ticket`: a single-use, 30 s ticket that authenticates one user stream (issue 22 part 1). */
import { wsTicketSchema } from '../../../common/api/stream'
import { issueWsTicket } from '../../stream/tickets'
import { defineRoute } from '../route'

export const wsTicketRoute = defineRoute({
  method: 'POST',
  path: 'user/ws_ticket',
  summary:
    'A ticket for the user stream (ws /ws/v2 on the market port): send it as the token of {"action":"req","ch":"auth"}; single use, valid 30 s, bound to this session.',
  auth: 'user',
  data: wsTicketSchema,
  async handler({ deps, session }) {
    return issueWsTicket(deps.db, session.sessionId)
  },
})
