/**
 * The financial products a new venue opens with (issue 12 part 2: "First start seeds USDT products of 7, 30 and 90
 * days"), written once per database: the `financial_seeded` settings row marks it, so an operator's later edits,
 * closures and new products stay.
 */
import type { Db } from '../../db/client'
import { financialProducts, settings } from '../../db/schema'

const SEEDED_KEY = 'financial_seeded'

/**
 * USDT products of 7, 30 and 90 days, from 10 to 100,000 USDT. Yields as such venues publish them for fixed USDT
 * savings, longer locks paying more: 0.05 %, 0.06 % and 0.08 % a day (18.25 %, 21.9 % and 29.2 % a year, simple);
 * breaking the lock early costs 0.5 %, 1 % and 1.5 % of the principal.
 */
export const FINANCIAL_DEFAULTS = [
  {
    cycleDays: 7,
    dailyRate: '0.0005',
    earlyRedeemFeeRate: '0.005',
    names: {
      en: 'USDT 7-Day Savings',
      'zh-CN': 'USDT 7天定期理财',
      'zh-TW': 'USDT 7天定期理財',
      es: 'Ahorro USDT a 7 días',
      hi: 'USDT 7 दिन की बचत',
      ko: 'USDT 7일 정기 예치',
      ja: 'USDT 7日間定期運用',
      pt: 'Poupança USDT de 7 dias',
      vi: 'Tiết kiệm USDT 7 ngày',
      id: 'Tabungan USDT 7 Hari',
    },
  },
  {
    cycleDays: 30,
    dailyRate: '0.0006',
    earlyRedeemFeeRate: '0.01',
    names: {
      en: 'USDT 30-Day Savings',
      'zh-CN': 'USDT 30天定期理财',
      'zh-TW': 'USDT 30天定期理財',
      es: 'Ahorro USDT a 30 días',
      hi: 'USDT 30 दिन की बचत',
      ko: 'USDT 30일 정기 예치',
      ja: 'USDT 30日間定期運用',
      pt: 'Poupança USDT de 30 dias',
      vi: 'Tiết kiệm USDT 30 ngày',
      id: 'Tabungan USDT 30 Hari',
    },
  },
  {
    cycleDays: 90,
    dailyRate: '0.0008',
    earlyRedeemFeeRate: '0.015',
    names: {
      en: 'USDT 90-Day Savings',
      'zh-CN': 'USDT 90天定期理财',
      'zh-TW': 'USDT 90天定期理財',
      es: 'Ahorro USDT a 90 días',
      hi: 'USDT 90 दिन की बचत',
      ko: 'USDT 90일 정기 예치',
      ja: 'USDT 90日間定期運用',
      pt: 'Poupança USDT de 90 dias',
      vi: 'Tiết kiệm USDT 90 ngày',
      id: 'Tabungan USDT 90 Hari',
    },
  },
].map((p, i) => ({ ...p, currency: 'USDT', minAmount: '10', maxAmount: '100000', sort: (i + 1) * 10 }))

/**
 * Writes FINANCIAL_DEFAULTS unless they were written before. Claiming the marker and inserting happen in one
 * transaction, so two first starts on one PostgreSQL cannot both write them.
 */
export async function seedFinancialProducts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: SEEDED_KEY, value: '1' })
      .onConflictDoNothing()
      .returning({ key: settings.key })
    if (claimed.length > 0) await tx.insert(financialProducts).values(FINANCIAL_DEFAULTS)
  })
}
