/**
 * Server messages of futures (lever) trading beyond the spot ones it shares (marketUnknown, priceStale, orderNotFound
 * …): leverage, take-profit and stop-loss sides, positions, the operator's terms.
 */
import type { MessageTable } from './table'

export const CONTRACT_MESSAGES = {
  en: {
    contractNotOpen: 'Futures trading of {symbol} is not open',
    leverageOutOfRange: 'Leverage for {symbol} is from {min}× to {max}×',
    takeProfitLong: 'The take-profit of a long position must be above {price}',
    takeProfitShort: 'The take-profit of a short position must be below {price}',
    stopLossLong: 'The stop-loss of a long position must be below {price}',
    stopLossShort: 'The stop-loss of a short position must be above {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'This take-profit would trigger immediately: the mark price is already {mark}',
    stopLossWouldTrigger: 'This stop-loss would trigger immediately: the mark price is already {mark}',
    tpslMarkStale:
      'The mark price is not up to date, so take-profit and stop-loss cannot be changed right now. Please try again in a moment',
    orderBelowMaintenance:
      'This order would leave your futures account below its maintenance margin. Please lower the quantity or the leverage, or add funds',
    positionNotFound: 'Position not found',
    positionNotOpen: 'This position is already closed',
    noOpenPositions: 'You have no open positions',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'Closing position {id} alone would lose more than your futures wallet holds. Close your profitable positions first, or use Close all',
    // issue 21 part 1: a partial close or reduce-only order
    closeAmountAbovePosition: "You can close at most {amount} {currency}: the position's size",
    closeRemainderBelowMinimum:
      'Closing this amount would leave {left} {currency} open, below the minimum of {min} {currency}. Close all of it or less',
    closePartTooSmall: 'This amount is too small to close on its own. Please close more',
    leverageRangeInvalid: 'The minimum leverage must be at least 1× and not above the maximum',
    maintenanceRateInvalid:
      'The maintenance margin rate is a fraction above 0, with at most 6 decimal places, and below 1 / maximum leverage ({limit})',
  },
  'zh-CN': {
    contractNotOpen: '{symbol} 暂未开放合约交易',
    leverageOutOfRange: '{symbol} 的杠杆倍数范围为 {min}× 至 {max}×',
    takeProfitLong: '多仓的止盈价须高于 {price}',
    takeProfitShort: '空仓的止盈价须低于 {price}',
    stopLossLong: '多仓的止损价须低于 {price}',
    stopLossShort: '空仓的止损价须高于 {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: '该止盈价会立即触发：标记价格已到 {mark}',
    stopLossWouldTrigger: '该止损价会立即触发：标记价格已到 {mark}',
    tpslMarkStale: '标记价格暂未更新，目前无法修改止盈止损，请稍后再试',
    orderBelowMaintenance: '此单会使您的合约账户低于维持保证金，请降低数量或杠杆，或补充资金',
    positionNotFound: '仓位不存在',
    positionNotOpen: '该仓位已平仓',
    noOpenPositions: '您当前没有持仓',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet: '单独平掉仓位 {id} 的亏损将超过您合约账户的全部资金。请先平掉盈利的仓位，或使用「一键平仓」',
    closeAmountAbovePosition: '最多可平 {amount} {currency}，即该仓位的全部数量',
    closeRemainderBelowMinimum:
      '平掉这个数量后剩余 {left} {currency}，低于最小数量 {min} {currency}。请全部平仓或少平一些',
    closePartTooSmall: '该数量太小，无法单独平仓。请平更多数量',
    leverageRangeInvalid: '最小杠杆须不低于 1×，且不高于最大杠杆',
    maintenanceRateInvalid: '维持保证金率须为大于 0 的小数，最多 6 位小数，且低于 1 / 最大杠杆（{limit}）',
  },
  'zh-TW': {
    contractNotOpen: '{symbol} 暫未開放合約交易',
    leverageOutOfRange: '{symbol} 的槓桿倍數範圍為 {min}× 至 {max}×',
    takeProfitLong: '多倉的停利價須高於 {price}',
    takeProfitShort: '空倉的停利價須低於 {price}',
    stopLossLong: '多倉的停損價須低於 {price}',
    stopLossShort: '空倉的停損價須高於 {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: '此停利價會立即觸發：標記價格已到 {mark}',
    stopLossWouldTrigger: '此停損價會立即觸發：標記價格已到 {mark}',
    tpslMarkStale: '標記價格暫未更新，目前無法修改停利停損，請稍後再試',
    orderBelowMaintenance: '此單會使您的合約帳戶低於維持保證金，請降低數量或槓桿，或補充資金',
    positionNotFound: '倉位不存在',
    positionNotOpen: '該倉位已平倉',
    noOpenPositions: '您目前沒有持倉',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet: '單獨平掉倉位 {id} 的虧損將超過您合約帳戶的全部資金。請先平掉獲利的倉位，或使用「一鍵平倉」',
    closeAmountAbovePosition: '最多可平 {amount} {currency}，即該倉位的全部數量',
    closeRemainderBelowMinimum:
      '平掉這個數量後剩餘 {left} {currency}，低於最小數量 {min} {currency}。請全部平倉或少平一些',
    closePartTooSmall: '該數量太小，無法單獨平倉。請平更多數量',
    leverageRangeInvalid: '最小槓桿須不低於 1×，且不高於最大槓桿',
    maintenanceRateInvalid: '維持保證金率須為大於 0 的小數，最多 6 位小數，且低於 1 / 最大槓桿（{limit}）',
  },
  es: {
    contractNotOpen: 'El trading de futuros de {symbol} no está abierto',
    leverageOutOfRange: 'El apalancamiento de {symbol} va de {min}× a {max}×',
    takeProfitLong: 'El take profit de una posición larga debe ser mayor que {price}',
    takeProfitShort: 'El take profit de una posición corta debe ser menor que {price}',
    stopLossLong: 'El stop loss de una posición larga debe ser menor que {price}',
    stopLossShort: 'El stop loss de una posición corta debe ser mayor que {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'Este take profit se activaría de inmediato: el precio de marca ya está en {mark}',
    stopLossWouldTrigger: 'Este stop loss se activaría de inmediato: el precio de marca ya está en {mark}',
    tpslMarkStale:
      'El precio de marca no está actualizado, así que ahora no se pueden cambiar el take profit ni el stop loss. Inténtalo de nuevo en un momento',
    orderBelowMaintenance:
      'Esta orden dejaría tu cuenta de futuros por debajo de su margen de mantenimiento. Reduce la cantidad o el apalancamiento, o añade fondos',
    positionNotFound: 'Posición no encontrada',
    positionNotOpen: 'Esta posición ya está cerrada',
    noOpenPositions: 'No tienes posiciones abiertas',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'Cerrar solo la posición {id} perdería más de lo que tiene tu billetera de futuros. Cierra primero las posiciones con ganancias o usa «Cerrar todas»',
    closeAmountAbovePosition: 'Puedes cerrar como máximo {amount} {currency}: el tamaño de la posición',
    closeRemainderBelowMinimum:
      'Cerrar esta cantidad dejaría {left} {currency} abiertos, por debajo del mínimo de {min} {currency}. Cierra todo o menos',
    closePartTooSmall: 'Esta cantidad es demasiado pequeña para cerrarla por separado. Cierra una cantidad mayor',
    leverageRangeInvalid: 'El apalancamiento mínimo debe ser al menos 1× y no superar el máximo',
    maintenanceRateInvalid:
      'La tasa de margen de mantenimiento es una fracción mayor que 0, con 6 decimales como máximo, y menor que 1 / apalancamiento máximo ({limit})',
  },
  hi: {
    contractNotOpen: '{symbol} की फ़्यूचर्स ट्रेडिंग अभी खुली नहीं है',
    leverageOutOfRange: '{symbol} के लिए लीवरेज {min}× से {max}× तक है',
    takeProfitLong: 'लॉन्ग पोज़िशन का टेक-प्रॉफ़िट {price} से ऊपर होना चाहिए',
    takeProfitShort: 'शॉर्ट पोज़िशन का टेक-प्रॉफ़िट {price} से नीचे होना चाहिए',
    stopLossLong: 'लॉन्ग पोज़िशन का स्टॉप-लॉस {price} से नीचे होना चाहिए',
    stopLossShort: 'शॉर्ट पोज़िशन का स्टॉप-लॉस {price} से ऊपर होना चाहिए',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'यह टेक-प्रॉफ़िट तुरंत ट्रिगर हो जाएगा: मार्क प्राइस पहले ही {mark} है',
    stopLossWouldTrigger: 'यह स्टॉप-लॉस तुरंत ट्रिगर हो जाएगा: मार्क प्राइस पहले ही {mark} है',
    tpslMarkStale:
      'मार्क प्राइस अभी अपडेट नहीं है, इसलिए अभी टेक-प्रॉफ़िट और स्टॉप-लॉस नहीं बदले जा सकते। कृपया थोड़ी देर बाद फिर कोशिश करें',
    orderBelowMaintenance: 'यह ऑर्डर आपके फ़्यूचर्स खाते को मेंटेनेंस मार्जिन से नीचे ले जाएगा। कृपया मात्रा या लीवरेज कम करें, या फ़ंड जोड़ें',
    positionNotFound: 'पोज़िशन नहीं मिली',
    positionNotOpen: 'यह पोज़िशन पहले ही बंद हो चुकी है',
    noOpenPositions: 'आपकी कोई खुली पोज़िशन नहीं है',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'केवल पोज़िशन {id} बंद करने पर नुकसान आपके फ़्यूचर्स वॉलेट की पूरी राशि से ज़्यादा होगा। पहले मुनाफ़े वाली पोज़िशन बंद करें, या “सभी बंद करें” का उपयोग करें',
    closeAmountAbovePosition: 'आप अधिकतम {amount} {currency} बंद कर सकते हैं: यही पोज़िशन का पूरा आकार है',
    closeRemainderBelowMinimum:
      'इतनी मात्रा बंद करने पर {left} {currency} खुला रहेगा, जो न्यूनतम {min} {currency} से कम है। पूरी पोज़िशन बंद करें या कम मात्रा चुनें',
    closePartTooSmall: 'यह मात्रा अलग से बंद करने के लिए बहुत छोटी है। कृपया ज़्यादा मात्रा बंद करें',
    leverageRangeInvalid: 'न्यूनतम लीवरेज कम से कम 1× हो और अधिकतम से ज़्यादा न हो',
    maintenanceRateInvalid:
      'मेंटेनेंस मार्जिन दर 0 से बड़ा भिन्न हो, अधिकतम 6 दशमलव स्थानों वाला, और 1 / अधिकतम लीवरेज ({limit}) से कम',
  },
  ko: {
    contractNotOpen: '{symbol} 선물 거래가 열려 있지 않습니다',
    leverageOutOfRange: '{symbol}의 레버리지는 {min}×부터 {max}×까지입니다',
    takeProfitLong: '롱 포지션의 익절가는 {price}보다 높아야 합니다',
    takeProfitShort: '숏 포지션의 익절가는 {price}보다 낮아야 합니다',
    stopLossLong: '롱 포지션의 손절가는 {price}보다 낮아야 합니다',
    stopLossShort: '숏 포지션의 손절가는 {price}보다 높아야 합니다',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: '이 익절가는 즉시 발동됩니다: 마크 가격이 이미 {mark}입니다',
    stopLossWouldTrigger: '이 손절가는 즉시 발동됩니다: 마크 가격이 이미 {mark}입니다',
    tpslMarkStale: '마크 가격이 갱신되지 않아 지금은 익절·손절을 변경할 수 없습니다. 잠시 후 다시 시도해 주세요',
    orderBelowMaintenance:
      '이 주문은 선물 계정을 유지 증거금 아래로 떨어뜨립니다. 수량이나 레버리지를 낮추거나 자금을 추가하세요',
    positionNotFound: '포지션을 찾을 수 없습니다',
    positionNotOpen: '이미 종료된 포지션입니다',
    noOpenPositions: '보유 중인 포지션이 없습니다',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      "포지션 {id}만 청산하면 선물 지갑 전체 잔액보다 큰 손실이 발생합니다. 수익 중인 포지션을 먼저 청산하거나 '전체 청산'을 이용하세요",
    closeAmountAbovePosition: '최대 {amount} {currency}까지 청산할 수 있습니다(포지션 전체 수량)',
    closeRemainderBelowMinimum:
      '이 수량을 청산하면 {left} {currency}가 남아 최소 수량 {min} {currency}보다 적습니다. 전부 청산하거나 더 적게 청산하세요',
    closePartTooSmall: '이 수량은 너무 작아 따로 청산할 수 없습니다. 더 많은 수량을 청산하세요',
    leverageRangeInvalid: '최소 레버리지는 1× 이상이며 최대 레버리지를 넘을 수 없습니다',
    maintenanceRateInvalid:
      '유지 증거금률은 0보다 큰 소수(소수점 이하 최대 6자리)이며 1 / 최대 레버리지({limit})보다 작아야 합니다',
  },
  ja: {
    contractNotOpen: '{symbol} の先物取引は開始されていません',
    leverageOutOfRange: '{symbol} のレバレッジは {min}× から {max}× までです',
    takeProfitLong: 'ロングポジションの利確価格は {price} より高くしてください',
    takeProfitShort: 'ショートポジションの利確価格は {price} より低くしてください',
    stopLossLong: 'ロングポジションの損切り価格は {price} より低くしてください',
    stopLossShort: 'ショートポジションの損切り価格は {price} より高くしてください',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'この利確価格はすぐに発動します：マーク価格はすでに {mark} です',
    stopLossWouldTrigger: 'この損切り価格はすぐに発動します：マーク価格はすでに {mark} です',
    tpslMarkStale:
      'マーク価格が更新されていないため、現在は利確・損切りを変更できません。しばらくしてからもう一度お試しください',
    orderBelowMaintenance:
      'この注文を出すと先物口座が維持証拠金を下回ります。数量かレバレッジを下げるか、資金を追加してください',
    positionNotFound: 'ポジションが見つかりません',
    positionNotOpen: 'このポジションはすでに決済されています',
    noOpenPositions: '保有中のポジションはありません',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'ポジション {id} だけを決済すると、先物ウォレットの残高全体を超える損失になります。先に利益の出ているポジションを決済するか、「一括決済」をご利用ください',
    closeAmountAbovePosition: '決済できるのは最大 {amount} {currency}（ポジションの全数量）です',
    closeRemainderBelowMinimum:
      'この数量を決済すると残りが {left} {currency} となり、最小数量 {min} {currency} を下回ります。全量を決済するか、数量を減らしてください',
    closePartTooSmall: 'この数量は小さすぎて単独では決済できません。もっと多い数量を決済してください',
    leverageRangeInvalid: '最小レバレッジは 1× 以上で、最大レバレッジ以下にしてください',
    maintenanceRateInvalid:
      '維持証拠金率は 0 より大きい小数（小数点以下 6 桁まで）で、1 / 最大レバレッジ（{limit}）未満にしてください',
  },
  pt: {
    contractNotOpen: 'A negociação de futuros de {symbol} não está aberta',
    leverageOutOfRange: 'A alavancagem de {symbol} vai de {min}× a {max}×',
    takeProfitLong: 'O take profit de uma posição comprada deve ser maior que {price}',
    takeProfitShort: 'O take profit de uma posição vendida deve ser menor que {price}',
    stopLossLong: 'O stop loss de uma posição comprada deve ser menor que {price}',
    stopLossShort: 'O stop loss de uma posição vendida deve ser maior que {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'Este take profit seria acionado imediatamente: o preço de marcação já está em {mark}',
    stopLossWouldTrigger: 'Este stop loss seria acionado imediatamente: o preço de marcação já está em {mark}',
    tpslMarkStale:
      'O preço de marcação não está atualizado, então não é possível alterar o take profit e o stop loss agora. Tente novamente em instantes',
    orderBelowMaintenance:
      'Esta ordem deixaria sua conta de futuros abaixo da margem de manutenção. Reduza a quantidade ou a alavancagem, ou adicione fundos',
    positionNotFound: 'Posição não encontrada',
    positionNotOpen: 'Esta posição já foi fechada',
    noOpenPositions: 'Você não tem posições abertas',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'Fechar apenas a posição {id} perderia mais do que toda a sua carteira de futuros. Feche primeiro as posições com lucro ou use “Fechar todas”',
    closeAmountAbovePosition: 'Você pode fechar no máximo {amount} {currency}: o tamanho da posição',
    closeRemainderBelowMinimum:
      'Fechar essa quantidade deixaria {left} {currency} em aberto, abaixo do mínimo de {min} {currency}. Feche tudo ou menos',
    closePartTooSmall: 'Essa quantidade é pequena demais para ser fechada sozinha. Feche uma quantidade maior',
    leverageRangeInvalid: 'A alavancagem mínima deve ser de pelo menos 1× e não superar a máxima',
    maintenanceRateInvalid:
      'A taxa de margem de manutenção é uma fração maior que 0, com no máximo 6 casas decimais, e menor que 1 / alavancagem máxima ({limit})',
  },
  vi: {
    contractNotOpen: 'Giao dịch hợp đồng {symbol} chưa mở',
    leverageOutOfRange: 'Đòn bẩy của {symbol} từ {min}× đến {max}×',
    takeProfitLong: 'Giá chốt lời của vị thế Long phải cao hơn {price}',
    takeProfitShort: 'Giá chốt lời của vị thế Short phải thấp hơn {price}',
    stopLossLong: 'Giá cắt lỗ của vị thế Long phải thấp hơn {price}',
    stopLossShort: 'Giá cắt lỗ của vị thế Short phải cao hơn {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'Giá chốt lời này sẽ kích hoạt ngay: giá đánh dấu đã ở {mark}',
    stopLossWouldTrigger: 'Giá cắt lỗ này sẽ kích hoạt ngay: giá đánh dấu đã ở {mark}',
    tpslMarkStale:
      'Giá đánh dấu chưa được cập nhật nên hiện không thể thay đổi chốt lời và cắt lỗ. Vui lòng thử lại sau giây lát',
    orderBelowMaintenance:
      'Lệnh này sẽ khiến tài khoản hợp đồng của bạn xuống dưới mức ký quỹ duy trì. Vui lòng giảm số lượng hoặc đòn bẩy, hoặc nạp thêm tiền',
    positionNotFound: 'Không tìm thấy vị thế',
    positionNotOpen: 'Vị thế này đã được đóng',
    noOpenPositions: 'Bạn không có vị thế nào đang mở',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'Chỉ đóng riêng vị thế {id} sẽ lỗ nhiều hơn toàn bộ số dư ví hợp đồng tương lai của bạn. Hãy đóng các vị thế đang có lãi trước, hoặc dùng “Đóng tất cả”',
    closeAmountAbovePosition: 'Bạn chỉ có thể đóng tối đa {amount} {currency}, tức toàn bộ khối lượng vị thế',
    closeRemainderBelowMinimum:
      'Đóng khối lượng này sẽ còn lại {left} {currency}, thấp hơn mức tối thiểu {min} {currency}. Hãy đóng toàn bộ hoặc đóng ít hơn',
    closePartTooSmall: 'Khối lượng này quá nhỏ để đóng riêng. Vui lòng đóng nhiều hơn',
    leverageRangeInvalid: 'Đòn bẩy tối thiểu phải từ 1× trở lên và không vượt quá mức tối đa',
    maintenanceRateInvalid:
      'Tỷ lệ ký quỹ duy trì là số thập phân lớn hơn 0, tối đa 6 chữ số thập phân, và nhỏ hơn 1 / đòn bẩy tối đa ({limit})',
  },
  id: {
    contractNotOpen: 'Perdagangan futures {symbol} belum dibuka',
    leverageOutOfRange: 'Leverage untuk {symbol} dari {min}× sampai {max}×',
    takeProfitLong: 'Take profit posisi long harus di atas {price}',
    takeProfitShort: 'Take profit posisi short harus di bawah {price}',
    stopLossLong: 'Stop loss posisi long harus di bawah {price}',
    stopLossShort: 'Stop loss posisi short harus di atas {price}',
    // Issue 21 part 4 (Binance -2021 "Order would immediately trigger") and part 3 (a stale mark).
    takeProfitWouldTrigger: 'Take profit ini akan langsung terpicu: harga mark sudah di {mark}',
    stopLossWouldTrigger: 'Stop loss ini akan langsung terpicu: harga mark sudah di {mark}',
    tpslMarkStale:
      'Harga mark belum diperbarui, jadi take profit dan stop loss tidak dapat diubah saat ini. Silakan coba lagi sebentar lagi',
    orderBelowMaintenance:
      'Order ini akan membuat akun futures Anda di bawah margin pemeliharaan. Kurangi jumlah atau leverage, atau tambahkan dana',
    positionNotFound: 'Posisi tidak ditemukan',
    positionNotOpen: 'Posisi ini sudah ditutup',
    noOpenPositions: 'Anda tidak memiliki posisi terbuka',
    // issue 21 part 1: a voluntary close never draws on insurance
    closeLossBeyondWallet:
      'Menutup posisi {id} saja akan merugi lebih dari seluruh isi dompet futures Anda. Tutup dulu posisi yang sedang untung, atau gunakan “Tutup semua”',
    closeAmountAbovePosition: 'Anda dapat menutup paling banyak {amount} {currency}: ukuran posisi ini',
    closeRemainderBelowMinimum:
      'Menutup jumlah ini akan menyisakan {left} {currency} terbuka, di bawah minimum {min} {currency}. Tutup semuanya atau lebih sedikit',
    closePartTooSmall: 'Jumlah ini terlalu kecil untuk ditutup sendiri. Silakan tutup lebih banyak',
    leverageRangeInvalid: 'Leverage minimum harus minimal 1× dan tidak melebihi maksimum',
    maintenanceRateInvalid:
      'Tingkat margin pemeliharaan adalah pecahan di atas 0, paling banyak 6 angka desimal, dan di bawah 1 / leverage maksimum ({limit})',
  },
} as const satisfies MessageTable
