/** A failed account call placed on the sign-in forms: as src/api describes it, the area code's problem under the phone. */
import { describeFailure, type Failure } from '../../api/problem'

/** `describeFailure`, with the server's `area_code` shown in the phone field (the picker sits inside it). */
export function authFailure(err: unknown): Failure {
  const f = describeFailure(err)
  return f.field === 'area_code' ? { ...f, field: 'phone' } : f
}
