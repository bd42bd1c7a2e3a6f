/**
 * Identity verification and uploads: the calls `common/upload`, `user/identity`, `user/identity_basic`,
 * `user/identity_advanced` and the operator's `admin/identity_list`, `admin/identity_review`. Shared by the server
 * (validation, OpenAPI) and the app (forms, answers). The field rules that need a translated message (required,
 * too long, characters) live in `basicFieldProblems` so the form and the server say the same thing.
 */
import * as z from 'zod/mini'
import { idSchema } from './ids'
import { IDENTITY_STATUSES } from './account'

/** Largest accepted upload, bytes (reliability S2 / ASVS 5.2.1: "e.g. 5 MB"). The server's multipart cap matches. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024
/** Most pixels (width × height) an upload may declare, checked before decoding (S2 / ASVS 5.2.6: "e.g. 25 MP"). */
export const UPLOAD_MAX_PIXELS = 25_000_000
/** Longest side of a stored image, px: the server scales larger pictures down, so the app shrinks them first. */
export const UPLOAD_MAX_SIDE = 3000
/** Accepted image types, recognised by their magic bytes (S2 / ASVS 5.2.2). */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png'] as const
/** Uploads one user may start per UTC day (S2 / ASVS 5.2.4 per-user quota). */
export const UPLOAD_DAILY_QUOTA = 50
/** Multipart field names (spec §7: "a file and a fixed user field"). */
export const UPLOAD_FILE_FIELD = 'file'
export const UPLOAD_USER_FIELD = 'user'

/** POST common/upload (multipart): the stored image's id and a short-lived signed URL to show it. */
export const uploadAnswer = z.object({
  /** Signed URL `/api/common/image?…`, valid a few minutes, only for the uploader's session. */
  fullurl: z.string(),
  id: z.int(),
})
export type UploadAnswer = z.infer<typeof uploadAnswer>

/** Document types of the advanced tier (spec §3). */
export const DOCUMENT_TYPES = ['id_card', 'driver_license'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** Review states a submission can be in (a tier with no submission is `none`). */
export const SUBMISSION_STATES = ['review', 'verified', 'rejected'] as const
export type SubmissionState = (typeof SUBMISSION_STATES)[number]
export const IDENTITY_LEVELS = ['basic', 'advanced'] as const
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number]

/** Length limits of the basic tier's fields, in characters (after trimming). */
export const NAME_MAX = 64
export const CITY_MAX = 64
export const ID_NUMBER_MIN = 4
export const ID_NUMBER_MAX = 32
export const EMAIL_MAX = 254
/** Longest rejection reason an operator may write, characters. */
export const REASON_MAX = 300

/** Raw text of a form field: anything up to a generous bound, missing = ''; the handler checks the real rules. */
const rawText = z._default(z.string().check(z.maxLength(1000)), '')

/** POST user/identity_basic: name, ID number, city and e-mail, all required (spec §5). Answer: IdentityInfo. */
export const identityBasicInput = z.object({ name: rawText, id_number: rawText, city: rawText, email: rawText })
export type IdentityBasicInput = z.input<typeof identityBasicInput>

const uploadId = z.optional(idSchema)
/** POST user/identity_advanced: document type and the ids of three of the caller's own uploads. Answer: IdentityInfo. */
export const identityAdvancedInput = z.object({
  doc_type: z.optional(z.enum(DOCUMENT_TYPES)),
  front_upload_id: uploadId,
  back_upload_id: uploadId,
  selfie_upload_id: uploadId,
})
export type IdentityAdvancedInput = z.input<typeof identityAdvancedInput>

/** State of one tier: dates are `YYYY-MM-DD HH:mm:ss` UTC; `reject_reason` only when rejected. */
const tierState = {
  status: z.enum(IDENTITY_STATUSES),
  reject_reason: z.nullable(z.string()),
  submitted_at: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
}

/** The basic tier as its owner sees it; the ID number is masked (`33************1234`). */
export const basicIdentitySchema = z.object({
  ...tierState,
  name: z.nullable(z.string()),
  id_number: z.nullable(z.string()),
  city: z.nullable(z.string()),
  email: z.nullable(z.string()),
})
export type BasicIdentity = z.infer<typeof basicIdentitySchema>

/** The advanced tier as its owner sees it, with fresh signed URLs of the photos. */
export const advancedIdentitySchema = z.object({
  ...tierState,
  doc_type: z.nullable(z.enum(DOCUMENT_TYPES)),
  front_url: z.nullable(z.string()),
  back_url: z.nullable(z.string()),
  selfie_url: z.nullable(z.string()),
})
export type AdvancedIdentity = z.infer<typeof advancedIdentitySchema>

/** GET user/identity: both tiers of the caller (latest submission of each) and their member information. */
export const identityInfoSchema = z.object({ basic: basicIdentitySchema, advanced: advancedIdentitySchema })
export type IdentityInfo = z.infer<typeof identityInfoSchema>

const positiveInt = (fallback: number, max?: number) =>
  z._default(
    z.pipe(z.coerce.number(), max ? z.int().check(z.minimum(1), z.maximum(max)) : z.int().check(z.minimum(1))),
    fallback,
  )

/** GET admin/identity_list: submissions newest first, optionally of one state and tier; 1-based pages. */
export const identityListQuery = z.object({
  status: z.optional(z.enum(SUBMISSION_STATES)),
  level: z.optional(z.enum(IDENTITY_LEVELS)),
  page: positiveInt(1),
  limit: positiveInt(20, 50),
})

/** A submission as an operator sees it: the full ID number and signed URLs of the photos. */
export const adminSubmissionSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  /** The user's account name (e-mail, phone or wallet). */
  account: z.string(),
  level: z.enum(IDENTITY_LEVELS),
  status: z.enum(SUBMISSION_STATES),
  name: z.nullable(z.string()),
  id_number: z.nullable(z.string()),
  city: z.nullable(z.string()),
  email: z.nullable(z.string()),
  doc_type: z.nullable(z.enum(DOCUMENT_TYPES)),
  front_url: z.nullable(z.string()),
  back_url: z.nullable(z.string()),
  selfie_url: z.nullable(z.string()),
  reject_reason: z.nullable(z.string()),
  submitted_at: z.string(),
  reviewed_at: z.nullable(z.string()),
  /** Operator user id, null when decided from the command line. */
  reviewed_by: z.nullable(z.int()),
})
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>
export const identityListAnswer = z.object({
  items: z.array(adminSubmissionSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/** POST admin/identity_review: decide a submission in review; a rejection needs a reason the user will read. */
export const identityReviewInput = z.object({
  id: idSchema,
  decision: z.enum(['approve', 'reject']),
  reason: z._default(z.string().check(z.maxLength(1000)), ''),
})
export const identityReviewAnswer = z.object({ id: z.int(), status: z.enum(SUBMISSION_STATES) })

/** The fields of the basic tier, in form order. */
export const BASIC_FIELDS = ['name', 'id_number', 'city', 'email'] as const
export type BasicField = (typeof BASIC_FIELDS)[number]
/** What can be wrong with a field: empty, too long, characters not allowed, or not the expected form. */
export type FieldProblem = 'required' | 'tooLong' | 'chars' | 'format'

// No markup characters, no control characters, no bidirectional overrides (which could disguise a name for the
// reviewer); at least one letter. Letters of every script, marks (Hindi vowel signs) and joiners are allowed.
const NOT_ALLOWED = /[<>\p{Cc}\u202a-\u202e\u2066-\u2069]/u
const HAS_LETTER = /\p{L}/u
const ID_NUMBER = /^[A-Z0-9][A-Z0-9 -]*$/
const emailCheck = z.email()

/** Collapses runs of white space and trims (how names, cities and ID numbers are stored). */
export function tidyText(value: string): string {
  return value.replace(/\s+/gu, ' ').trim()
}

/** The basic tier's fields as stored: tidied; the ID number upper-cased; the e-mail lower-cased. */
export function normalizeBasic(input: { name: string; id_number: string; city: string; email: string }) {
  return {
    name: tidyText(input.name),
    id_number: tidyText(input.id_number).toUpperCase(),
    city: tidyText(input.city),
    email: input.email.trim().toLowerCase(),
  }
}

/** The first problem of each basic field (none = valid), checked on normalized values. */
export function basicFieldProblems(values: Record<BasicField, string>): Partial<Record<BasicField, FieldProblem>> {
  const out: Partial<Record<BasicField, FieldProblem>> = {}
  const text = (field: 'name' | 'city', max: number) => {
    const v = values[field]
    if (!v) out[field] = 'required'
    else if ([...v].length > max) out[field] = 'tooLong'
    else if (NOT_ALLOWED.test(v) || !HAS_LETTER.test(v)) out[field] = 'chars'
  }
  text('name', NAME_MAX)
  text('city', CITY_MAX)
  const id = values.id_number
  if (!id) out.id_number = 'required'
  else if (id.length < ID_NUMBER_MIN || id.length > ID_NUMBER_MAX || !ID_NUMBER.test(id)) out.id_number = 'format'
  const email = values.email
  if (!email) out.email = 'required'
  else if (email.length > EMAIL_MAX || !emailCheck.safeParse(email).success) out.email = 'format'
  return out
}

/** The operator's reason tidied (line breaks kept), or a problem. */
export function checkReason(reason: string): { reason: string } | { problem: 'required' | 'tooLong' | 'chars' } {
  const tidy = reason
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  if (!tidy) return { problem: 'required' }
  if ([...tidy].length > REASON_MAX) return { problem: 'tooLong' }
  // eslint-disable-next-line no-control-regex -- deliberate: a reason with control or bidi characters is refused
  if (/[\u0000-\u0009\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/u.test(tidy)) return { problem: 'chars' }
  return { reason: tidy }
}

/**
 * An ID number masked for display: the first 2 and last 4 characters (last 2 when shorter than 10), stars between.
 * `330106199001011234` → `33************1234`.
 */
export function maskIdNumber(id: string): string {
  const chars = [...id]
  if (chars.length <= 4) return '*'.repeat(Math.max(chars.length - 1, 1)) + chars.slice(-1).join('')
  const tail = chars.length >= 10 ? 4 : 2
  return chars.slice(0, 2).join('') + '*'.repeat(chars.length - 2 - tail) + chars.slice(-tail).join('')
}
