/**
 * POST common/upload (spec §7: multipart, "a file and a fixed user field"; answer `fullurl`). The owner is the
 * session's user, never a form field. The file is refused with a translated message when it is missing, empty,
 * over UPLOAD_MAX_BYTES, not a JPEG/PNG by its bytes, or over the pixel cap; a kept file is re-encoded (metadata
 * stripped) and stored under a server-made name. Each attempt counts against the user's daily quota.
 */
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { uploadAnswer } from '../../../common/api/identity'
import { CODE_BAD_INPUT, CODE_RATE_LIMITED, CODE_REJECTED } from '../../../common/constants'
import { cleanImage, ImageRejected } from '../../uploads/image'
import { takeUploadQuota } from '../../uploads/quota'
import { saveUpload } from '../../uploads/save'
import { signImageUrl } from '../../uploads/signed-url'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

const IMAGE_MESSAGES = {
  empty: 'uploadEmpty',
  notImage: 'uploadNotImage',
  tooManyPixels: 'uploadTooManyPixels',
} as const

/** The uploaded file's bytes, or an ApiError naming what is wrong with the request. */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  let part: MultipartFile | undefined
  try {
    part = await request.file()
    if (!part) throw new ApiError(CODE_BAD_INPUT, 'uploadNoFile', undefined, fieldData('file'))
    return await part.toBuffer()
  } catch (err) {
    if (err instanceof ApiError) throw err
    const code = (err as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(CODE_REJECTED, 'uploadTooLarge', undefined, fieldData('file'))
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new ApiError(CODE_BAD_INPUT, 'uploadNoFile', undefined, fieldData('file'))
    }
    // Malformed multipart, or more parts/fields than the limits of app.ts allow.
    throw new ApiError(CODE_BAD_INPUT, 'invalidInput', undefined, fieldData('(request)'))
  }
}

function fieldData(field: string) {
  return { field, issues: [] }
}

export const uploadRoute = defineRoute({
  method: 'POST',
  path: 'common/upload',
  summary: 'Upload one JPEG or PNG image (multipart field "file", ≤ 5 MiB, ≤ 25 MP); answers its id and a signed URL',
  auth: 'user',
  multipart: true,
  data: uploadAnswer,
  async handler({ request, session, deps }) {
    const bytes = await readFilePart(request)
    if (bytes.length === 0) throw new ApiError(CODE_REJECTED, 'uploadEmpty', undefined, fieldData('file'))
    const retryAfter = await takeUploadQuota(deps.db, session.userId)
    if (retryAfter !== null) {
      throw new ApiError(CODE_RATE_LIMITED, 'uploadQuota', undefined, null, 429, { 'retry-after': String(retryAfter) })
    }
    let image
    try {
      image = await cleanImage(bytes)
    } catch (err) {
      if (err instanceof ImageRejected) {
        throw new ApiError(CODE_REJECTED, IMAGE_MESSAGES[err.problem], undefined, fieldData('file'))
      }
      throw err
    }
    const id = await saveUpload(deps.db, deps.dataDir, session.userId, image)
    return { id, fullurl: await signImageUrl(deps.db, id, session.sessionId) }
  },
})
