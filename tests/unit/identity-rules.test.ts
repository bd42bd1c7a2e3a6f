/** The basic tier's field rules shared by the form and the server, ID masking and the operator's reason. */
import { describe, expect, it } from 'vitest'
import { basicFieldProblems, checkReason, maskIdNumber, normalizeBasic } from '../../common/api/identity'

const ok = { name: 'Li Hua', id_number: '330106199001011234', city: 'Hangzhou', email: 'li@example.com' }

describe('basicFieldProblems', () => {
  it('accepts names and cities of every script', () => {
    for (const name of [
      '李华',
      'José Ñúñez',
      "O'Brien-Smith",
      'राहुल शर्मा',
      '김민준',
      'Nguyễn Văn A',
      'Jean-Luc Picard Jr.',
    ]) {
      expect(basicFieldProblems({ ...ok, name }), name).toEqual({})
    }
    expect(basicFieldProblems({ ...ok, city: 'São Paulo' })).toEqual({})
  })

  it('names each missing, overlong, markup or malformed field', () => {
    expect(basicFieldProblems({ name: '', id_number: '', city: '', email: '' })).toEqual({
      name: 'required',
      id_number: 'required',
      city: 'required',
      email: 'required',
    })
    expect(basicFieldProblems({ ...ok, name: 'x'.repeat(65) })).toEqual({ name: 'tooLong' })
    expect(basicFieldProblems({ ...ok, name: '<b>Li</b>' })).toEqual({ name: 'chars' })
    expect(basicFieldProblems({ ...ok, name: '12345' })).toEqual({ name: 'chars' })
    expect(basicFieldProblems({ ...ok, name: 'Li\u202eauH' })).toEqual({ name: 'chars' })
    expect(basicFieldProblems({ ...ok, city: 'a\u0000b' })).toEqual({ city: 'chars' })
    expect(basicFieldProblems({ ...ok, id_number: 'AB1' })).toEqual({ id_number: 'format' })
    expect(basicFieldProblems({ ...ok, id_number: 'AB12<3' })).toEqual({ id_number: 'format' })
    expect(basicFieldProblems({ ...ok, email: 'nope@' })).toEqual({ email: 'format' })
  })

  it('counts characters, not UTF-16 units, against the limits', () => {
    expect(basicFieldProblems({ ...ok, name: '𠀀'.repeat(64) })).toEqual({})
  })
})

describe('normalizeBasic', () => {
  it('tidies white space, upper-cases the ID number and lower-cases the e-mail', () => {
    expect(
      normalizeBasic({ name: '  Li \n  Hua ', id_number: ' x12 345 ', city: ' Hang\tzhou', email: ' A@B.Co ' }),
    ).toEqual({
      name: 'Li Hua',
      id_number: 'X12 345',
      city: 'Hang zhou',
      email: 'a@b.co',
    })
  })
})

describe('maskIdNumber', () => {
  it.each([
    ['330106199001011234', '33************1234'],
    ['G1234567', 'G1****67'],
    ['ABCDE', 'AB*DE'],
    ['ABCD', '***D'],
  ])('%s → %s', (id, masked) => {
    expect(maskIdNumber(id)).toBe(masked)
    expect(masked.length).toBe(id.length)
  })
})

describe('checkReason', () => {
  it('keeps the text as written, line breaks included, and refuses empty, long or control characters', () => {
    expect(checkReason('  Blurry <b>selfie</b>\n\n\n\nretake  ')).toEqual({ reason: 'Blurry <b>selfie</b>\n\nretake' })
    expect(checkReason('   ')).toEqual({ problem: 'required' })
    expect(checkReason('x'.repeat(301))).toEqual({ problem: 'tooLong' })
    expect(checkReason('bad\u0007bell')).toEqual({ problem: 'chars' })
  })
})
