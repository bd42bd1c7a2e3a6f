/**
 * Server messages of ledger integrity (issue 21 Part 9): the upper bound of an amount and a deposit transaction hash
 * that was already claimed; a time zone the server does not know (today's income, issue 24 part 4).
 */
import type { MessageTable } from './table'

export const LEDGER_MESSAGES = {
  en: {
    timeZoneUnknown: 'This time zone is not known',
    amountTooLarge: 'The amount can be at most {max} {currency}',
    txHashClaimed: 'This transaction hash has already been claimed',
  },
  'zh-CN': {
    timeZoneUnknown: '无法识别该时区',
    amountTooLarge: '金额不能超过 {max} {currency}',
    txHashClaimed: '该交易哈希已提交过充币申请',
  },
  'zh-TW': {
    timeZoneUnknown: '無法識別此時區',
    amountTooLarge: '金額不能超過 {max} {currency}',
    txHashClaimed: '此交易雜湊值已提交過充幣申請',
  },
  es: {
    timeZoneUnknown: 'Esta zona horaria no se reconoce',
    amountTooLarge: 'El importe no puede superar {max} {currency}',
    txHashClaimed: 'Ya se envió un depósito con este hash de transacción',
  },
  hi: {
    timeZoneUnknown: 'यह टाइम ज़ोन मान्य नहीं है',
    amountTooLarge: 'राशि अधिकतम {max} {currency} हो सकती है',
    txHashClaimed: 'इस ट्रांज़ैक्शन हैश से जमा का अनुरोध पहले ही भेजा जा चुका है',
  },
  ko: {
    timeZoneUnknown: '알 수 없는 시간대입니다',
    amountTooLarge: '금액은 최대 {max} {currency}까지 입력할 수 있습니다',
    txHashClaimed: '이 트랜잭션 해시로 이미 입금 신청이 접수되었습니다',
  },
  ja: {
    timeZoneUnknown: 'このタイムゾーンは認識できません',
    amountTooLarge: '金額は最大{max} {currency}までです',
    txHashClaimed: 'このトランザクションハッシュはすでに入金申請に使われています',
  },
  pt: {
    timeZoneUnknown: 'Este fuso horário não é reconhecido',
    amountTooLarge: 'O valor pode ser de no máximo {max} {currency}',
    txHashClaimed: 'Já foi enviado um depósito com este hash de transação',
  },
  vi: {
    timeZoneUnknown: 'Không nhận diện được múi giờ này',
    amountTooLarge: 'Số lượng tối đa là {max} {currency}',
    txHashClaimed: 'Mã hash giao dịch này đã được dùng cho một yêu cầu nạp tiền',
  },
  id: {
    timeZoneUnknown: 'Zona waktu ini tidak dikenali',
    amountTooLarge: 'Jumlah maksimal {max} {currency}',
    txHashClaimed: 'Hash transaksi ini sudah pernah diajukan untuk deposit',
  },
} as const satisfies MessageTable
