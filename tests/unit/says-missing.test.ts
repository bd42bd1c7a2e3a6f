// /notice-details and /help-details tell "no such page" (a dead link: no retry) from "could not load" (retry).
import { describe, expect, it } from 'vitest'
import { CODE_BAD_INPUT, CODE_NOT_FOUND, CODE_RATE_LIMITED, CODE_SERVER_ERROR } from '../../common/constants'
import { ApiError } from '../../src/api/errors'
import { saysMissing } from '../../src/features/support'

describe('saysMissing', () => {
  it('is true only when the server answered that the id does not exist or cannot exist', () => {
    expect(saysMissing(new ApiError('envelope', CODE_NOT_FOUND, 'not found'))).toBe(true)
    expect(saysMissing(new ApiError('envelope', CODE_BAD_INPUT, 'id too large', { field: 'id' }))).toBe(true)
  })

  it('is false for failures worth a retry: server errors, rate limits, HTTP, network, timeouts, bad answers', () => {
    for (const err of [
      new ApiError('envelope', CODE_SERVER_ERROR, 'server error'),
      new ApiError('envelope', CODE_RATE_LIMITED, 'slow down'),
      new ApiError('http', 502, 'bad gateway'),
      new ApiError('network', 0, 'offline'),
      new ApiError('timeout', 0, 'timed out'),
      new ApiError('parse', 0, 'malformed', { field: 'content' }),
      new Error('anything else'),
    ]) {
      expect(saysMissing(err), `${err instanceof ApiError ? err.kind : 'Error'} ${err.message}`).toBe(false)
    }
  })
})
