/**
 * Server messages of the anti-phishing code (issue 24 part 7), in the ten interface languages: the first line of
 * every e-mail to an account that set one (`{phrase}` is the user's code, as they typed it).
 */
import type { MessageTable } from './table'

export const ANTI_PHISHING_MESSAGES = {
  en: { antiPhishingLine: 'Your anti-phishing code: {phrase}' },
  'zh-CN': { antiPhishingLine: '你的防钓鱼码：{phrase}' },
  'zh-TW': { antiPhishingLine: '你的防釣魚碼：{phrase}' },
  es: { antiPhishingLine: 'Tu código antiphishing: {phrase}' },
  hi: { antiPhishingLine: 'आपका एंटी-फ़िशिंग कोड: {phrase}' },
  ko: { antiPhishingLine: '피싱 방지 코드: {phrase}' },
  ja: { antiPhishingLine: 'フィッシング対策コード：{phrase}' },
  pt: { antiPhishingLine: 'Seu código antiphishing: {phrase}' },
  vi: { antiPhishingLine: 'Mã chống lừa đảo của bạn: {phrase}' },
  id: { antiPhishingLine: 'Kode anti-phishing Anda: {phrase}' },
} as const satisfies MessageTable
