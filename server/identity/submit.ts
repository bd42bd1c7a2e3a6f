/**
 * Submitting a tier for review. Basic: name, ID number, city, e-mail, all required and checked by the shared rules
 * (`basicFieldProblems`), stored as plain text. Advanced: document type and three distinct photos, each one of the
 * caller's own uploads, after the basic tier is verified. Neither may be submitted while its tier is in review or
 * verified; the partial unique index `identity_one_open` settles a double submit that races past the check.
 */
import {
  BASIC_FIELDS,
  basicFieldProblems,
  normalizeBasic,
  type IdentityAdvancedInput,
  type IdentityBasicInput,
} from '../../common/api/identity'
import type { Db } from '../db/client'
import { identitySubmissions, uploads } from '../db/schema'
import { ownUploads } from '../uploads/save'
import { inArray } from 'drizzle-orm'
import { audit } from '../auth/audit'
import { uniqueViolation } from '../auth/db-errors'
import type { ServiceDeps } from '../domain/deps'
import { BASIC_PROBLEM_MESSAGES, fieldError } from './field-errors'
import { latestSubmissions } from './submissions'

/** Who submits: the user and the client address (for the audit log). */
export type Caller = { userId: number; ip: string }

/** Stores a basic-tier submission in review. @throws DomainError (bad_input / rejected) naming the field or the state that forbids it. */
export async function submitBasic(
  { db }: Pick<ServiceDeps, 'db'>,
  caller: Caller,
  input: Required<IdentityBasicInput>,
): Promise<void> {
  const latest = (await latestSubmissions({ db }, caller.userId)).basic
  if (latest?.status === 'review') throw fieldError('(root)', 'identityBasicInReview', 'rejected')
  if (latest?.status === 'verified') throw fieldError('(root)', 'identityBasicVerified', 'rejected')
  const values = normalizeBasic(input)
  const problems = basicFieldProblems(values)
  for (const field of BASIC_FIELDS) {
    const problem = problems[field]
    const key = problem && BASIC_PROBLEM_MESSAGES[field][problem]
    if (key) throw fieldError(field, key)
  }
  try {
    await db.insert(identitySubmissions).values({
      userId: caller.userId,
      level: 'basic',
      status: 'review',
      name: values.name,
      idNumber: values.id_number,
      city: values.city,
      email: values.email,
    })
  } catch (err) {
    if (uniqueViolation(err) !== null) throw fieldError('(root)', 'identityBasicInReview', 'rejected')
    throw err
  }
}

const PHOTO_FIELDS = [
  ['front_upload_id', 'identityFrontRequired'],
  ['back_upload_id', 'identityBackRequired'],
  ['selfie_upload_id', 'identitySelfieRequired'],
] as const

/** Stores an advanced-tier submission in review. @throws DomainError (bad_input / rejected) naming the field or the state that forbids it. */
export async function submitAdvanced(
  { db }: Pick<ServiceDeps, 'db'>,
  caller: Caller,
  input: IdentityAdvancedInput,
): Promise<void> {
  const { userId } = caller
  const latest = await latestSubmissions({ db }, userId)
  if (latest.basic?.status !== 'verified') throw fieldError('(root)', 'identityBasicFirst', 'rejected')
  if (latest.advanced?.status === 'review') throw fieldError('(root)', 'identityAdvancedInReview', 'rejected')
  if (latest.advanced?.status === 'verified') throw fieldError('(root)', 'identityAdvancedVerified', 'rejected')
  if (!input.doc_type) throw fieldError('doc_type', 'identityDocTypeRequired')
  const ids: number[] = []
  for (const [field, requiredKey] of PHOTO_FIELDS) {
    const id = input[field]
    if (id === undefined) throw fieldError(field, requiredKey)
    if (ids.includes(id)) throw fieldError(field, 'identityPhotosDistinct')
    ids.push(id)
  }
  const own = new Set((await ownUploads(db, userId, ids)).map((u) => u.id))
  const missing = PHOTO_FIELDS.find(([field]) => !own.has(input[field]!))
  if (missing) {
    await auditForeignUploads(
      db,
      caller,
      ids.filter((id) => !own.has(id)),
    )
    throw fieldError(missing[0], 'identityPhotoNotFound', 'rejected')
  }
  try {
    await db.insert(identitySubmissions).values({
      userId,
      level: 'advanced',
      status: 'review',
      docType: input.doc_type,
      frontUploadId: input.front_upload_id!,
      backUploadId: input.back_upload_id!,
      selfieUploadId: input.selfie_upload_id!,
    })
  } catch (err) {
    if (uniqueViolation(err) !== null) throw fieldError('(root)', 'identityAdvancedInReview', 'rejected')
    throw err
  }
}

/** Logs an authorization denial when some of `ids` are other users' uploads (not for ids that do not exist). */
async function auditForeignUploads(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const foreign = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids))
  if (foreign.length === 0) return
  await audit(db, {
    userId: caller.userId,
    action: 'identity_advanced',
    result: 'refused',
    detail: `other users' upload ids ${foreign.map((f) => f.id).join(',')}`,
    ip: caller.ip,
  })
}
