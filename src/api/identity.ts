/** Identity verification and upload calls. Answers are parsed with the shared schemas of common/api/identity. */
import {
  identityInfoSchema,
  uploadAnswer,
  UPLOAD_FILE_FIELD,
  UPLOAD_USER_FIELD,
  type IdentityAdvancedInput,
  type IdentityBasicInput,
  type IdentityInfo,
  type UploadAnswer,
} from '../../common/api/identity'
import type { Params, Requester } from './request'
import { parseAnswer, type CallOptions, type Caller } from './public'

/** How long an upload may take before it is abandoned, ms (5 MiB on a slow mobile link). */
export const UPLOAD_TIMEOUT_MS = 60_000

export interface IdentityApi {
  /** POST common/upload (multipart: the image and the fixed `user` field): the stored image's id and signed URL. */
  uploadImage(image: Blob, opts?: CallOptions): Promise<UploadAnswer>
  /** GET user/identity: both tiers, their states and the member information. */
  identity(opts?: CallOptions): Promise<IdentityInfo>
  /** POST user/identity_basic: name, ID number, city, e-mail → in review. */
  submitIdentityBasic(input: IdentityBasicInput, opts?: CallOptions): Promise<IdentityInfo>
  /** POST user/identity_advanced: document type and three upload ids → in review. */
  submitIdentityAdvanced(input: IdentityAdvancedInput, opts?: CallOptions): Promise<IdentityInfo>
}

/** Builds the identity calls; uploads go through `request` directly (multipart is not a Caller shape). */
export function createIdentityApi(call: Caller, request: Requester): IdentityApi {
  const p = (input: object) => input as Params
  return {
    uploadImage: async (image, opts) => {
      const form = new FormData()
      form.append(UPLOAD_USER_FIELD, 'user')
      form.append(UPLOAD_FILE_FIELD, image, image.type === 'image/png' ? 'image.png' : 'image.jpg')
      const data = await request('common/upload', {
        ...opts,
        method: 'POST',
        auth: true,
        form,
        timeoutMs: UPLOAD_TIMEOUT_MS,
      })
      return parseAnswer('common/upload', uploadAnswer, data)
    },
    identity: (opts) => call.getAuth('user/identity', identityInfoSchema, undefined, opts),
    submitIdentityBasic: (input, opts) => call.postAuth('user/identity_basic', identityInfoSchema, p(input), opts),
    submitIdentityAdvanced: (input, opts) =>
      call.postAuth('user/identity_advanced', identityInfoSchema, p(input), opts),
  }
}
