/**
 * Reading identity submissions: the latest per tier for its owner (what `user/identity` and the user info show),
 * and the operator's listing. Photos are answered as fresh signed URLs for the asking session.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import {
  maskIdNumber,
  type AdminSubmission,
  type AdvancedIdentity,
  type BasicIdentity,
  type IdentityInfo,
  type IdentityLevel,
  type SubmissionState,
} from '../../common/api/identity'
import type { Db } from '../db/client'
import type { ServiceDeps } from '../domain/deps'
import { formatUtc } from '../db/announcements'
import { identitySubmissions, users } from '../db/schema'
import { signImageUrl } from '../uploads/signed-url'

export type SubmissionRow = typeof identitySubmissions.$inferSelect

/** The newest submission of each tier of `userId` (a tier without one is absent). */
export async function latestSubmissions(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
): Promise<Partial<Record<IdentityLevel, SubmissionRow>>> {
  const rows = await db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, userId))
    .orderBy(desc(identitySubmissions.createdAt), desc(identitySubmissions.id))
  const out: Partial<Record<IdentityLevel, SubmissionRow>> = {}
  for (const row of rows) out[row.level] ??= row
  return out
}

const utc = (d: Date | null) => (d ? formatUtc(d) : null)

function tierState(row: SubmissionRow | undefined) {
  return {
    status: row?.status ?? ('none' as const),
    reject_reason: row?.status === 'rejected' ? (row.rejectReason ?? '') : null,
    submitted_at: utc(row?.createdAt ?? null),
    reviewed_at: utc(row?.reviewedAt ?? null),
  }
}

/** Signed URLs of a submission's photos for `sessionId` (null where a photo is absent). */
async function photoUrls(db: Db, row: SubmissionRow | undefined, sessionId: number) {
  const sign = (id: number | null | undefined) => (id ? signImageUrl(db, id, sessionId) : Promise.resolve(null))
  const [front, back, selfie] = await Promise.all([
    sign(row?.frontUploadId),
    sign(row?.backUploadId),
    sign(row?.selfieUploadId),
  ])
  return { front_url: front, back_url: back, selfie_url: selfie }
}

/** Both tiers of `userId` as their owner sees them (ID number masked, photo URLs for `sessionId`). */
export async function identityInfo(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
  sessionId: number,
): Promise<IdentityInfo> {
  const latest = await latestSubmissions({ db }, userId)
  const b = latest.basic
  const a = latest.advanced
  const basic: BasicIdentity = {
    ...tierState(b),
    name: b?.name ?? null,
    id_number: b?.idNumber ? maskIdNumber(b.idNumber) : null,
    city: b?.city ?? null,
    email: b?.email ?? null,
  }
  const advanced: AdvancedIdentity = {
    ...tierState(a),
    doc_type: a?.docType ?? null,
    ...(await photoUrls(db, a, sessionId)),
  }
  return { basic, advanced }
}

/**
 * The account name an operator sees: e-mail, `+<area> <phone>`, or the whole wallet address (unlike the user's
 * own `displayAccount`, which shortens it: a reviewer must be able to tell two wallets apart).
 */
export function accountName(
  u: Pick<typeof users.$inferSelect, 'email' | 'areaCode' | 'phone' | 'walletAddress'>,
): string {
  if (u.email) return u.email
  if (u.phone) return `+${u.areaCode ?? ''} ${u.phone}`
  return u.walletAddress ?? ''
}

/** Filter and page of the operator's listing. */
export interface ListFilter {
  status?: SubmissionState | undefined
  level?: IdentityLevel | undefined
  page: number
  limit: number
}

/** Submissions with their user's account name, newest first. */
export async function listSubmissions({ db }: Pick<ServiceDeps, 'db'>, filter: ListFilter) {
  const where: SQL[] = []
  if (filter.status) where.push(eq(identitySubmissions.status, filter.status))
  if (filter.level) where.push(eq(identitySubmissions.level, filter.level))
  const cond = where.length ? and(...where) : undefined
  const rows = await db
    .select({ s: identitySubmissions, u: users })
    .from(identitySubmissions)
    .innerJoin(users, eq(users.id, identitySubmissions.userId))
    .where(cond)
    .orderBy(desc(identitySubmissions.createdAt), desc(identitySubmissions.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
  const [total] = await db.select({ n: count() }).from(identitySubmissions).where(cond)
  return { rows, total: total?.n ?? 0 }
}

/** One submission with its user, or undefined. */
export async function submissionById({ db }: Pick<ServiceDeps, 'db'>, id: number) {
  const [row] = await db
    .select({ s: identitySubmissions, u: users })
    .from(identitySubmissions)
    .innerJoin(users, eq(users.id, identitySubmissions.userId))
    .where(eq(identitySubmissions.id, id))
  return row
}

/** A submission as an operator sees it (full ID number; photo URLs for the operator's `sessionId`). */
export async function adminView(
  { db }: Pick<ServiceDeps, 'db'>,
  { s, u }: { s: SubmissionRow; u: typeof users.$inferSelect },
  sessionId: number,
): Promise<AdminSubmission> {
  return {
    id: s.id,
    user_id: s.userId,
    account: accountName(u),
    level: s.level,
    status: s.status,
    name: s.name,
    id_number: s.idNumber,
    city: s.city,
    email: s.email,
    doc_type: s.docType,
    ...(await photoUrls(db, s, sessionId)),
    reject_reason: s.rejectReason,
    submitted_at: formatUtc(s.createdAt),
    reviewed_at: utc(s.reviewedAt),
    reviewed_by: s.reviewedBy,
  }
}
