/** Who makes an operator change, and its line in the security log (reliability S3: UTC time, who, what). */
import { audit } from '../auth/audit'
import type { ServiceDeps } from '../domain/deps'

/** An operator acting through the API (their user id) or the command line (null). */
export interface Operator {
  userId: number | null
  /** Client address; empty for the command line. */
  ip?: string | undefined
}

/** Records `what` (e.g. "replied to feedback #12") as an `operator_change`; never a token or a password. */
export async function auditOperator({ db }: Pick<ServiceDeps, 'db'>, operator: Operator, what: string): Promise<void> {
  const detail = operator.userId === null ? `${what} by command line` : what
  await audit(db, { userId: operator.userId, action: 'operator_change', result: 'ok', detail, ip: operator.ip ?? '' })
}
