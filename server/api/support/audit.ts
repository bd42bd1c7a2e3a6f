/** Operator changes go to the security log (reliability S3: UTC time, who, what; never a token or a password). */
import { audit } from '../../auth/audit'
import type { AuthSession } from '../auth'
import type { AppDeps } from '../deps'

/** Records `what` as done by the operator of `session`, e.g. "replied to feedback #12", in `audit_log`. */
export async function auditOperator(deps: AppDeps, session: AuthSession, what: string, ip = ''): Promise<void> {
  await audit(deps.db, { userId: session.userId, action: 'operator_change', result: 'ok', detail: what, ip })
}
