// One term per concept in each of the ten catalogs (issue 24 part 8): a screen that calls the spot wallet "Coin
// account" and a hint that says "coin account" must agree, and so must the simulation (demo) book's name on the Mine
// row, the strip, and the dialogs. Each concept lists, per locale, the wordings that name it some other way; any
// message using one fails, named with its id, so a new message cannot bring a second name back.
import { describe, expect, it } from 'vitest'
import { LOCALES, type Locale } from '../../common/constants'
import { readPo } from '../helpers/ui-po'

interface Concept {
  /** What the concept is, for the failure message. */
  what: string
  /** The one wording used, per locale (documentation, and checked to occur). */
  term: Record<Locale, string>
  /** Other wordings that must not appear, per locale. */
  avoid: Partial<Record<Locale, string[]>>
}

const GLOSSARY: Concept[] = [
  {
    what: 'the spot (coin) wallet',
    term: {
      en: 'Coin account',
      'zh-CN': '币币账户',
      'zh-TW': '幣幣帳戶',
      es: 'Cuenta spot',
      hi: 'स्पॉट खाता',
      ko: '현물 계정',
      ja: '現物口座',
      pt: 'Conta spot',
      vi: 'Tài khoản giao ngay',
      id: 'Akun spot',
    },
    avoid: {
      en: ['spot account', 'spot wallet'],
      'zh-CN': ['现货账户'],
      'zh-TW': ['現貨帳戶'],
      es: ['cuenta de monedas', 'cuenta de criptomonedas'],
      hi: ['कॉइन खाता', 'कॉइन खाते'],
      ko: ['코인 계정', '코인 계좌'],
      ja: ['コイン口座', 'スポット口座'],
      pt: ['conta de moedas'],
      vi: ['tài khoản coin'],
      id: ['akun koin'],
    },
  },
  {
    what: 'the simulation (demo) account',
    term: {
      en: 'Simulation account',
      'zh-CN': '模拟账户',
      'zh-TW': '模擬帳戶',
      es: 'Cuenta de simulación',
      hi: 'सिम्युलेशन खाता',
      ko: '모의 계좌',
      ja: 'シミュレーション口座',
      pt: 'Conta de simulação',
      vi: 'Tài khoản mô phỏng',
      id: 'Akun simulasi',
    },
    avoid: {
      en: ['demo account'],
      'zh-CN': ['演示账户', '体验账户'],
      'zh-TW': ['演示帳戶', '體驗帳戶'],
      es: ['cuenta demo'],
      hi: ['डेमो खाता', 'डेमो खाते'],
      ko: ['모의 계정', '데모 계좌'],
      ja: ['デモ口座'],
      pt: ['conta demo'],
      vi: ['tài khoản demo'],
      id: ['akun demo'],
    },
  },
]

describe('one term per concept in every catalog', () => {
  for (const locale of LOCALES) {
    it(locale, () => {
      const messages = readPo(`locales/${locale}/messages.po`)
      const texts = [...messages.values()].join('\n').toLowerCase()
      const clashes: string[] = []
      for (const c of GLOSSARY) {
        expect(texts, `${locale}: ${c.what} is named "${c.term[locale]}"`).toContain(c.term[locale].toLowerCase())
        for (const [id, text] of messages) {
          for (const other of c.avoid[locale] ?? []) {
            if (text.toLowerCase().includes(other.toLowerCase()))
              clashes.push(`${id}: "${other}" names ${c.what}, which is "${c.term[locale]}" elsewhere`)
          }
        }
      }
      expect(clashes).toEqual([])
    })
  }
})
