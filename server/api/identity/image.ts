/**
 * GET common/image?id&sid&exp&sig: serves an uploaded image to whoever holds a URL that the server signed for the
 * owner's (or an operator's) live session. Refusals: a bad or expired signature, or a session that has ended or
 * is not the owner's/an operator's → HTTP 403; an unknown upload or missing file → HTTP 404. The file goes out with
 * its stored type, `nosniff`, `Content-Disposition: attachment` (opened directly it downloads instead of rendering
 * in our origin; `<img>` still shows it), a sandboxing CSP and no caching (reliability S2, F4).
 */
import * as z from 'zod/mini'
import { queryIdSchema } from '../../../common/api/ids'
import { CODE_FORBIDDEN, CODE_NOT_FOUND } from '../../../common/constants'
import { resolveSessionById } from '../../auth/sessions'
import { uploadById } from '../../uploads/save'
import { checkImageGrant } from '../../uploads/signed-url'
import { readUpload } from '../../uploads/store'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

const id = queryIdSchema
const imageQuery = z.object({
  id,
  sid: id,
  exp: z.pipe(z.coerce.number(), z.int().check(z.minimum(0))),
  sig: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)),
})

const forbidden = () => new ApiError(CODE_FORBIDDEN, 'imageLinkInvalid', undefined, null, 403)
const notFound = () => new ApiError(CODE_NOT_FOUND, 'imageNotFound', undefined, null, 404)

export const imageRoute = defineRoute({
  path: 'common/image',
  summary: 'An uploaded image through a signed, short-lived URL issued to its owner or an operator (binary answer)',
  input: imageQuery,
  data: z.null(),
  async handler({ query, deps, reply }) {
    const grant = { uploadId: query.id, sessionId: query.sid, exp: query.exp }
    if ((await checkImageGrant(deps.db, grant, query.sig)) !== null) throw forbidden()
    const upload = await uploadById(deps.db, query.id)
    const viewer = await resolveSessionById(deps.db, query.sid)
    if (!viewer || (viewer.role !== 'operator' && viewer.userId !== upload?.userId)) throw forbidden()
    if (!upload) throw notFound()
    const body = await readUpload(deps.dataDir, upload.storageName)
    if (!body) throw notFound()
    // Written on the raw response: the envelope layer only knows JSON answers.
    reply.hijack()
    reply.raw.writeHead(200, {
      'content-type': upload.mime,
      'content-length': body.length,
      'content-disposition': `attachment; filename="image-${upload.id}.jpg"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'private, no-store',
    })
    reply.raw.end(body)
    return null
  },
})
