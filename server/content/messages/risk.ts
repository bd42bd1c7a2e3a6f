/**
 * Server messages of futures risk limits (issue 21 parts 5 and 11; server/trading/contract/risk-limits.ts): the
 * leverage a position's size allows, the largest position, open interest and platform exposure, the operator's terms.
 */
import type { MessageTable } from './table'

export const RISK_MESSAGES = {
  en: {
    riskTierLeverage: 'A position of {notional} {currency} on {symbol} can use at most {max}× leverage',
    positionLimit:
      'Your position on {symbol} (open positions and orders on this side) is limited to {limit} {currency}. This order can be at most {max} {base}',
    openInterestLimit:
      'Open interest on {symbol} is limited to {limit} {currency}. This order can be at most {max} {base}',
    exposureLimit: '{symbol} cannot take more positions on this side right now. This order can be at most {max} {base}',
    riskTiersInvalid:
      'Risk tiers need rising caps, leverage that never rises and rates that never fall (at most 6 decimals, each below 1 / its leverage); the first tier is the maximum leverage at the maintenance margin rate',
    riskCapInvalid: 'A limit must be an amount above 0 with no more decimals than the quote currency',
  },
  'zh-CN': {
    riskTierLeverage: '{symbol} 上价值 {notional} {currency} 的仓位最高可用 {max}× 杠杆',
    positionLimit: '您在 {symbol} 该方向的仓位（持仓加委托）上限为 {limit} {currency}，本单最多 {max} {base}',
    openInterestLimit: '{symbol} 的持仓总量上限为 {limit} {currency}，本单最多 {max} {base}',
    exposureLimit: '{symbol} 该方向暂时无法承接更多仓位，本单最多 {max} {base}',
    riskTiersInvalid:
      '风险限额档位的上限须逐档递增，杠杆不得递增，维持保证金率不得递减（最多 6 位小数，且低于 1 / 该档杠杆）；第一档须为最大杠杆及维持保证金率',
    riskCapInvalid: '限额须为大于 0 的数额，小数位数不超过计价币种',
  },
  'zh-TW': {
    riskTierLeverage: '{symbol} 上價值 {notional} {currency} 的倉位最高可用 {max}× 槓桿',
    positionLimit: '您在 {symbol} 該方向的倉位（持倉加委託）上限為 {limit} {currency}，本單最多 {max} {base}',
    openInterestLimit: '{symbol} 的未平倉總量上限為 {limit} {currency}，本單最多 {max} {base}',
    exposureLimit: '{symbol} 該方向暫時無法承接更多倉位，本單最多 {max} {base}',
    riskTiersInvalid:
      '風險限額檔位的上限須逐檔遞增，槓桿不得遞增，維持保證金率不得遞減（最多 6 位小數，且低於 1 / 該檔槓桿）；第一檔須為最大槓桿及維持保證金率',
    riskCapInvalid: '限額須為大於 0 的數額，小數位數不超過計價幣種',
  },
  es: {
    riskTierLeverage:
      'Una posición de {notional} {currency} en {symbol} puede usar como máximo {max}× de apalancamiento',
    positionLimit:
      'Tu posición en {symbol} (posiciones abiertas y órdenes de este lado) tiene un límite de {limit} {currency}. Esta orden puede ser como máximo de {max} {base}',
    openInterestLimit:
      'El interés abierto de {symbol} tiene un límite de {limit} {currency}. Esta orden puede ser como máximo de {max} {base}',
    exposureLimit:
      '{symbol} no admite más posiciones de este lado en este momento. Esta orden puede ser como máximo de {max} {base}',
    riskTiersInvalid:
      'Los niveles de riesgo necesitan topes crecientes, un apalancamiento que nunca suba y tasas que nunca bajen (6 decimales como máximo, cada una menor que 1 / su apalancamiento); el primer nivel es el apalancamiento máximo con la tasa de margen de mantenimiento',
    riskCapInvalid: 'Un límite debe ser un importe mayor que 0 con no más decimales que la moneda de cotización',
  },
  hi: {
    riskTierLeverage: '{symbol} पर {notional} {currency} की पोज़िशन अधिकतम {max}× लीवरेज ले सकती है',
    positionLimit:
      '{symbol} पर इस तरफ़ आपकी पोज़िशन (खुली पोज़िशन और ऑर्डर मिलाकर) की सीमा {limit} {currency} है। यह ऑर्डर अधिकतम {max} {base} का हो सकता है',
    openInterestLimit: '{symbol} पर ओपन इंटरेस्ट की सीमा {limit} {currency} है। यह ऑर्डर अधिकतम {max} {base} का हो सकता है',
    exposureLimit: '{symbol} पर अभी इस तरफ़ और पोज़िशन नहीं ली जा सकती। यह ऑर्डर अधिकतम {max} {base} का हो सकता है',
    riskTiersInvalid:
      'रिस्क टियर की सीमाएँ बढ़ती हुई हों, लीवरेज कभी न बढ़े और दरें कभी न घटें (अधिकतम 6 दशमलव, हर दर 1 / उसके लीवरेज से कम); पहला टियर अधिकतम लीवरेज और मेंटेनेंस मार्जिन दर वाला हो',
    riskCapInvalid: 'सीमा 0 से अधिक राशि होनी चाहिए, कोट करेंसी से ज़्यादा दशमलव के बिना',
  },
  ko: {
    riskTierLeverage: '{symbol}에서 {notional} {currency} 규모의 포지션은 최대 {max}배 레버리지를 사용할 수 있습니다',
    positionLimit:
      '{symbol}의 이 방향 포지션(보유 포지션과 주문 합계) 한도는 {limit} {currency}입니다. 이 주문은 최대 {max} {base}까지 가능합니다',
    openInterestLimit:
      '{symbol}의 미결제약정 한도는 {limit} {currency}입니다. 이 주문은 최대 {max} {base}까지 가능합니다',
    exposureLimit:
      '{symbol}은(는) 지금 이 방향으로 포지션을 더 받을 수 없습니다. 이 주문은 최대 {max} {base}까지 가능합니다',
    riskTiersInvalid:
      '리스크 구간은 한도가 올라가고, 레버리지는 올라가지 않으며, 유지증거금률은 내려가지 않아야 합니다(소수점 6자리 이하, 각 구간 1 / 레버리지 미만). 첫 구간은 최대 레버리지와 유지증거금률이어야 합니다',
    riskCapInvalid: '한도는 0보다 큰 금액이어야 하며 소수 자릿수는 호가 통화를 넘을 수 없습니다',
  },
  ja: {
    riskTierLeverage: '{symbol}で{notional} {currency}のポジションに使えるレバレッジは最大{max}倍です',
    positionLimit:
      '{symbol}のこの方向のポジション（保有ポジションと注文の合計）の上限は{limit} {currency}です。この注文は最大{max} {base}までです',
    openInterestLimit: '{symbol}の建玉総額の上限は{limit} {currency}です。この注文は最大{max} {base}までです',
    exposureLimit: '{symbol}は現在この方向のポジションをこれ以上受けられません。この注文は最大{max} {base}までです',
    riskTiersInvalid:
      'リスク階層は上限が段階ごとに増え、レバレッジは増えず、維持証拠金率は下がらない必要があります（小数6桁まで、各階層の1 / レバレッジ未満）。最初の階層は最大レバレッジと維持証拠金率です',
    riskCapInvalid: '上限は0より大きい金額で、小数桁数は決済通貨以内にしてください',
  },
  pt: {
    riskTierLeverage: 'Uma posição de {notional} {currency} em {symbol} pode usar no máximo {max}× de alavancagem',
    positionLimit:
      'Sua posição em {symbol} (posições abertas e ordens deste lado) tem limite de {limit} {currency}. Esta ordem pode ter no máximo {max} {base}',
    openInterestLimit:
      'O open interest de {symbol} tem limite de {limit} {currency}. Esta ordem pode ter no máximo {max} {base}',
    exposureLimit:
      '{symbol} não aceita mais posições deste lado no momento. Esta ordem pode ter no máximo {max} {base}',
    riskTiersInvalid:
      'Os níveis de risco precisam de tetos crescentes, alavancagem que nunca sobe e taxas que nunca caem (no máximo 6 casas decimais, cada uma abaixo de 1 / sua alavancagem); o primeiro nível é a alavancagem máxima com a taxa de margem de manutenção',
    riskCapInvalid: 'Um limite deve ser um valor acima de 0 sem mais casas decimais que a moeda de cotação',
  },
  vi: {
    riskTierLeverage: 'Vị thế {notional} {currency} trên {symbol} chỉ được dùng đòn bẩy tối đa {max}×',
    positionLimit:
      'Vị thế của bạn trên {symbol} (vị thế mở và lệnh ở chiều này) giới hạn ở {limit} {currency}. Lệnh này tối đa {max} {base}',
    openInterestLimit: 'Khối lượng mở trên {symbol} giới hạn ở {limit} {currency}. Lệnh này tối đa {max} {base}',
    exposureLimit: '{symbol} hiện không nhận thêm vị thế ở chiều này. Lệnh này tối đa {max} {base}',
    riskTiersInvalid:
      'Các bậc rủi ro cần có mức trần tăng dần, đòn bẩy không tăng và tỷ lệ không giảm (tối đa 6 chữ số thập phân, mỗi tỷ lệ nhỏ hơn 1 / đòn bẩy của bậc); bậc đầu tiên là đòn bẩy tối đa với tỷ lệ ký quỹ duy trì',
    riskCapInvalid: 'Giới hạn phải là số tiền lớn hơn 0, không nhiều chữ số thập phân hơn đồng tiền định giá',
  },
  id: {
    riskTierLeverage: 'Posisi senilai {notional} {currency} di {symbol} dapat memakai leverage paling tinggi {max}×',
    positionLimit:
      'Posisi Anda di {symbol} (posisi terbuka dan order di sisi ini) dibatasi {limit} {currency}. Order ini paling banyak {max} {base}',
    openInterestLimit: 'Open interest di {symbol} dibatasi {limit} {currency}. Order ini paling banyak {max} {base}',
    exposureLimit:
      '{symbol} tidak dapat menerima posisi lagi di sisi ini untuk saat ini. Order ini paling banyak {max} {base}',
    riskTiersInvalid:
      'Tingkat risiko harus memiliki batas yang naik, leverage yang tidak pernah naik, dan tarif yang tidak pernah turun (paling banyak 6 desimal, masing-masing di bawah 1 / leverage-nya); tingkat pertama adalah leverage maksimum dengan tingkat margin pemeliharaan',
    riskCapInvalid: 'Batas harus berupa jumlah di atas 0 tanpa desimal lebih banyak dari mata uang kuotasi',
  },
} as const satisfies MessageTable
