/**
 * Operator calls on accounts: list users, disable or re-enable one, create or promote an operator. The rules live
 * in auth/operator-accounts (shared with `npm run admin`); here refusals become translated envelopes naming the field.
 */
import * as z from 'zod/mini'
import { CODE_NOT_FOUND } from '../../../common/constants'
import {
  adminOperatorCreateAnswer,
  adminOperatorCreateInput,
  adminUserListQuery,
  adminUserSchema,
  adminUserStatusAnswer,
  adminUserStatusInput,
  type AdminUser,
} from '../../../common/api/operator-accounts'
import {
  createOperator,
  listUsers,
  OperatorAccountsError,
  promoteOperator,
  setUserStatus,
  type UserRow,
} from '../../auth/operator-accounts'
import { rejected } from '../../auth/messages'
import { displayAccount } from '../../auth/user-info'
import { formatUtc } from '../../db/announcements'
import { ApiError } from '../api-error'
import type { AuthSession } from '../auth'
import { defineRoute } from '../route'

/** The envelope of a refused change: unknown user → 404, anything else → 400 naming `field`. */
function refusal(err: unknown, field: string): never {
  if (!(err instanceof OperatorAccountsError)) throw err
  if (err.key === 'userNotFound') throw new ApiError(CODE_NOT_FOUND, 'userNotFound', undefined, { field, issues: [] })
  throw rejected(err.key, field)
}

const actor = (session: AuthSession, ip: string) => ({ kind: 'operator' as const, userId: session.userId, ip })

function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    account: displayAccount(u),
    email: u.email,
    phone: u.phone ? `+${u.areaCode} ${u.phone}` : null,
    wallet_address: u.walletAddress,
    role: u.role,
    status: u.status,
    invite_code: u.inviteCode,
    inviter_id: u.inviterId,
    created_at: formatUtc(u.createdAt),
  }
}

export const adminUserListRoute = defineRoute({
  path: 'admin/user_list',
  summary: 'Operators: users, newest first; `q` matches part of the e-mail, phone, wallet address or invitation code.',
  auth: 'operator',
  input: adminUserListQuery,
  data: z.array(adminUserSchema),
  handler: async ({ deps, query }) => (await listUsers(deps.db, query)).map(toAdminUser),
})

export const adminUserStatusRoute = defineRoute({
  method: 'POST',
  path: 'admin/user_status',
  summary:
    'Operators: disable a user (sign-ins refused, every session ended at once) or enable them again. An operator cannot disable their own account.',
  auth: 'operator',
  input: adminUserStatusInput,
  data: adminUserStatusAnswer,
  async handler({ deps, session, body, ip }) {
    const ended = await setUserStatus(deps.db, body.id, body.status, actor(session, ip)).catch((err: unknown) =>
      refusal(err, 'id'),
    )
    return { id: body.id, status: body.status, sessions_ended: ended }
  },
})

export const adminOperatorCreateRoute = defineRoute({
  method: 'POST',
  path: 'admin/operator_create',
  summary:
    'Operators: create an operator signing in with `email` and `password` (the password policy applies), or with ' +
    '`promote: true` make the existing user with that e-mail an operator.',
  auth: 'operator',
  input: adminOperatorCreateInput,
  data: adminOperatorCreateAnswer,
  async handler({ deps, session, body, ip }) {
    if (body.promote) {
      return {
        id: await promoteOperator(deps.db, body.email, actor(session, ip)).catch((err: unknown) =>
          refusal(err, 'email'),
        ),
      }
    }
    if (!body.password) throw rejected('passwordRequired', 'password')
    const id = await createOperator(deps.db, body.email, body.password, actor(session, ip)).catch((err: unknown) =>
      refusal(err, err instanceof OperatorAccountsError && err.key === 'emailInUse' ? 'email' : 'password'),
    )
    return { id }
  },
})
