/**
 * The HTTP edge of domain errors: every DomainError kind answers the envelope code and HTTP status the API used
 * before services threw neutral errors (spec §8: business errors on HTTP 200; access refusals, rate limits and
 * transient failures with a real status), with the message in the caller's language and the field in `data`. The
 * CLI's edge says the same error in English.
 */
import { describe, expect, it } from 'vitest'
import { domainErrorLine } from '../../server/cli/commands/errors'
import { apiErrorOf } from '../../server/api/domain-error'
import { badField, DOMAIN_ERROR_KINDS, DomainError, rateLimited, rejected } from '../../server/domain/errors'

describe('DomainError → envelope', () => {
  it('maps every kind to the code and HTTP status answered before', () => {
    const before = {
      bad_input: [422, 200],
      rejected: [400, 200],
      conflict: [400, 200],
      not_found: [404, 200],
      forbidden: [403, 403],
      rate_limited: [429, 429],
      unavailable: [503, 503],
    } as const
    expect([...DOMAIN_ERROR_KINDS].sort()).toEqual(Object.keys(before).sort())
    for (const kind of DOMAIN_ERROR_KINDS) {
      const api = apiErrorOf(new DomainError(kind, 'serverError'), 'en')
      expect([kind, api.code, api.httpStatus]).toEqual([kind, ...before[kind]])
      expect(api.data).toBeNull()
    }
  })

  it('names the field: a refused rule with no issues, a bad field with its translated message', () => {
    expect(apiErrorOf(rejected('passwordsDiffer', 're_password'), 'en').data).toEqual({
      field: 're_password',
      issues: [],
    })
    const missing = apiErrorOf(badField('email', 'emailRequired'), 'zh-CN')
    expect(missing.code).toBe(422)
    expect(missing.data?.field).toBe('email')
    expect(missing.data?.issues).toHaveLength(1)
    expect(missing.data?.issues[0]?.message).toBe(missing.detail)
    expect(missing.detail).toMatch(/[\u4e00-\u9fff]/)
  })

  it('says when to retry a rate limit: Retry-After in whole seconds and the time in the message', () => {
    const en = apiErrorOf(rateLimited('tooManyAttempts', 44.2), 'en')
    expect(en).toMatchObject({ code: 429, httpStatus: 429, headers: { 'Retry-After': '45' } })
    expect(en.detail).toBe('Too many attempts. Please try again in 45 seconds')
    expect(apiErrorOf(rateLimited('tooManyCodes', 600), 'en').detail).toContain('in 10 minutes')
  })
})

describe('DomainError → command line', () => {
  it('writes the English message, naming the field, or the rule’s own words', () => {
    expect(domainErrorLine(rejected('identityAlreadyDecided'))).toMatch(/already been reviewed/)
    expect(domainErrorLine(rejected('passwordsDiffer', 're_password'))).toMatch(/ \[re_password\]$/)
    const rule = new DomainError('bad_input', 'settingRejected', {
      field: 'value',
      issues: [{ field: 'value', message: 'expected an integer' }],
    })
    expect(domainErrorLine(rule)).toBe('expected an integer')
  })
})
