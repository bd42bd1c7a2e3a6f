/** Help article: fees (seeded once; operators may edit it). No figures: rates are shown where they apply. */
import type { LocalizedMarkdown } from './types'

export const HELP_FEES: LocalizedMarkdown = {
  en: {
    title: 'Fees',
    content: `Every fee is shown **before you confirm**. Nothing is charged afterwards.

| What | Fee |
| --- | --- |
| Spot trading | A percentage of each filled order; the rate depends on the market and is shown on the order form. |
| Contracts | A trading fee when a position is opened and when it is closed, shown on the order form. |
| Second contracts | A fee per order, shown with the product's duration, payout rate and minimum amount. |
| Withdrawals | A fee per withdrawal that depends on the currency and network; it is held together with the amount. |
| Financial products | None when a product runs its full cycle. Early redemption costs a percentage of the principal, stated before you confirm. |
| Deposits and transfers between your accounts | No fee from us. When you deposit, your wallet pays the network's own sending fee. |

Demo (simulation) accounts show the same fees on virtual funds, so you can see what a trade would cost.`,
  },
  'zh-CN': {
    title: '费用说明',
    content: `所有费用都会在 **您确认之前** 显示，事后不会另行收费。

| 项目 | 费用 |
| --- | --- |
| 现货交易 | 按每笔成交订单的一定比例收取；费率因交易对而异，显示在下单页面。 |
| 合约 | 开仓和平仓时各收取交易手续费，显示在下单页面。 |
| 秒合约 | 每笔订单收取手续费，与产品的周期、收益率和最低金额一起显示。 |
| 提现 | 每笔提现收取手续费，金额取决于币种和网络，并与提现金额一起冻结。 |
| 理财产品 | 持有至周期结束不收费。提前赎回按本金的一定比例收费，费率会在您确认前说明。 |
| 充值及账户间划转 | 我们不收取费用。充值时，区块链网络的转账费用由您的钱包支付。 |

模拟账户会按相同规则对虚拟资金收费，方便您了解一笔交易的成本。`,
  },
  'zh-TW': {
    title: '費用說明',
    content: `所有費用都會在 **您確認之前** 顯示，事後不會另外收費。

| 項目 | 費用 |
| --- | --- |
| 現貨交易 | 依每筆成交訂單的一定比例收取；費率依交易對而異，顯示在下單頁面。 |
| 合約 | 開倉與平倉時各收取交易手續費，顯示在下單頁面。 |
| 秒合約 | 每筆訂單收取手續費，與產品的週期、收益率及最低金額一併顯示。 |
| 提領 | 每筆提領收取手續費，金額依幣種與網路而定，並與提領金額一併凍結。 |
| 理財產品 | 持有至週期結束不收費。提前贖回依本金的一定比例收費，費率會在您確認前說明。 |
| 入金及帳戶間劃轉 | 我們不收取費用。入金時，區塊鏈網路的轉帳費用由您的錢包支付。 |

模擬帳戶會依相同規則對虛擬資金收費，方便您了解一筆交易的成本。`,
  },
  es: {
    title: 'Comisiones',
    content: `Todas las comisiones se muestran **antes de que confirmes**. No se cobra nada después.

| Operación | Comisión |
| --- | --- |
| Trading al contado | Un porcentaje de cada orden ejecutada; la tasa depende del mercado y aparece en el formulario de la orden. |
| Contratos | Una comisión de trading al abrir y al cerrar una posición, indicada en el formulario de la orden. |
| Contratos por segundos | Una comisión por orden, indicada junto con la duración, la tasa de pago y el importe mínimo del producto. |
| Retiros | Una comisión por retiro que depende de la moneda y la red; se retiene junto con el importe. |
| Productos financieros | Ninguna si el producto completa su ciclo. El rescate anticipado cuesta un porcentaje del capital, indicado antes de confirmar. |
| Depósitos y transferencias entre tus cuentas | Sin comisión nuestra. Al depositar, tu billetera paga la tarifa de envío de la propia red. |

Las cuentas demo (de simulación) aplican las mismas comisiones sobre fondos virtuales, para que veas cuánto costaría una operación.`,
  },
  hi: {
    title: 'शुल्क',
    content: `हर शुल्क **आपकी पुष्टि से पहले** दिखाया जाता है। बाद में कुछ नहीं लिया जाता।

| किस पर | शुल्क |
| --- | --- |
| स्पॉट ट्रेडिंग | हर पूरे हुए ऑर्डर का एक प्रतिशत; दर मार्केट पर निर्भर है और ऑर्डर फ़ॉर्म पर दिखती है। |
| कॉन्ट्रैक्ट | पोज़िशन खोलने और बंद करने पर ट्रेडिंग शुल्क, जो ऑर्डर फ़ॉर्म पर दिखता है। |
| सेकंड कॉन्ट्रैक्ट | हर ऑर्डर पर शुल्क, जो प्रोडक्ट की अवधि, भुगतान दर और न्यूनतम राशि के साथ दिखता है। |
| निकासी | हर निकासी पर शुल्क, जो मुद्रा और नेटवर्क पर निर्भर है; यह राशि के साथ रोका जाता है। |
| वित्तीय प्रोडक्ट | पूरी अवधि तक रखने पर कोई शुल्क नहीं। समय से पहले निकालने पर मूलधन का एक प्रतिशत लगता है, जो पुष्टि से पहले बताया जाता है। |
| जमा और आपके खातों के बीच ट्रांसफ़र | हमारी ओर से कोई शुल्क नहीं। जमा करते समय नेटवर्क का अपना भेजने का शुल्क आपका वॉलेट देता है। |

डेमो (सिमुलेशन) खाते वर्चुअल राशि पर यही शुल्क दिखाते हैं, ताकि आप देख सकें कि एक ट्रेड की लागत कितनी होगी।`,
  },
  ko: {
    title: '수수료 안내',
    content: `모든 수수료는 **확인하기 전에** 표시됩니다. 나중에 추가로 부과되는 요금은 없습니다.

| 항목 | 수수료 |
| --- | --- |
| 현물 거래 | 체결된 주문마다 일정 비율이 부과되며, 요율은 마켓마다 다르고 주문 화면에 표시됩니다. |
| 선물 계약 | 포지션을 열 때와 닫을 때 거래 수수료가 부과되며, 주문 화면에 표시됩니다. |
| 초 단위 계약 | 주문마다 수수료가 부과되며, 상품의 기간, 지급률, 최소 금액과 함께 표시됩니다. |
| 출금 | 출금마다 코인과 네트워크에 따라 수수료가 부과되며, 출금 금액과 함께 동결됩니다. |
| 금융 상품 | 만기까지 보유하면 수수료가 없습니다. 중도 환매 시 원금의 일정 비율이 부과되며, 확인 전에 안내됩니다. |
| 입금 및 계정 간 이체 | 당사 수수료는 없습니다. 입금 시 네트워크 전송 수수료는 회원님의 지갑에서 지불됩니다. |

모의(시뮬레이션) 계정도 가상 자금에 동일한 수수료를 적용하므로 거래 비용을 미리 확인할 수 있습니다.`,
  },
  ja: {
    title: '手数料について',
    content: `手数料はすべて**確定する前に**表示されます。後から請求されることはありません。

| 項目 | 手数料 |
| --- | --- |
| 現物取引 | 約定した注文ごとに一定の割合がかかります。料率は銘柄ごとに異なり、注文画面に表示されます。 |
| 先物取引 | ポジションの新規建てと決済のそれぞれで取引手数料がかかり、注文画面に表示されます。 |
| 秒オプション | 注文ごとに手数料がかかり、商品の期間・配当率・最低金額と一緒に表示されます。 |
| 出金 | 出金ごとに通貨とネットワークに応じた手数料がかかり、出金額と一緒に凍結されます。 |
| 資産運用商品 | 満期まで保有すれば無料です。中途解約には元本の一定割合がかかり、確定前に表示されます。 |
| 入金・アカウント間の振替 | 当社の手数料はかかりません。入金時のネットワーク送金手数料はご自身のウォレットで支払われます。 |

デモ（シミュレーション）口座でも仮想資金に同じ手数料がかかるので、取引のコストを事前に確認できます。`,
  },
  pt: {
    title: 'Taxas',
    content: `Todas as taxas aparecem **antes de você confirmar**. Nada é cobrado depois.

| O quê | Taxa |
| --- | --- |
| Negociação à vista | Uma porcentagem de cada ordem executada; a taxa depende do mercado e aparece no formulário da ordem. |
| Contratos | Uma taxa de negociação na abertura e no fechamento da posição, exibida no formulário da ordem. |
| Contratos por segundos | Uma taxa por ordem, exibida com a duração, a taxa de retorno e o valor mínimo do produto. |
| Saques | Uma taxa por saque que depende da moeda e da rede; ela fica bloqueada junto com o valor. |
| Produtos financeiros | Nenhuma quando o produto completa o ciclo. O resgate antecipado custa uma porcentagem do principal, informada antes de confirmar. |
| Depósitos e transferências entre suas contas | Sem taxa nossa. No depósito, sua carteira paga a taxa de envio da própria rede. |

As contas demo (de simulação) mostram as mesmas taxas sobre fundos virtuais, para você ver quanto uma operação custaria.`,
  },
  vi: {
    title: 'Các loại phí',
    content: `Mọi khoản phí đều được hiển thị **trước khi bạn xác nhận**. Không có khoản nào bị thu sau đó.

| Hạng mục | Phí |
| --- | --- |
| Giao dịch giao ngay | Một tỷ lệ phần trăm trên mỗi lệnh khớp; mức phí tùy theo thị trường và hiển thị trên biểu mẫu đặt lệnh. |
| Hợp đồng | Phí giao dịch khi mở và khi đóng vị thế, hiển thị trên biểu mẫu đặt lệnh. |
| Hợp đồng theo giây | Phí cho mỗi lệnh, hiển thị cùng thời hạn, tỷ lệ chi trả và số tiền tối thiểu của sản phẩm. |
| Rút tiền | Phí cho mỗi lệnh rút tùy theo loại tiền và mạng lưới; phí được tạm giữ cùng số tiền rút. |
| Sản phẩm tài chính | Không mất phí nếu giữ đến hết kỳ hạn. Rút trước hạn mất một tỷ lệ phần trăm tiền gốc, được thông báo trước khi xác nhận. |
| Nạp tiền và chuyển giữa các tài khoản của bạn | Chúng tôi không thu phí. Khi nạp, ví của bạn trả phí gửi của chính mạng lưới. |

Tài khoản demo (mô phỏng) áp dụng cùng mức phí trên tiền ảo, để bạn biết một giao dịch sẽ tốn bao nhiêu.`,
  },
  id: {
    title: 'Biaya',
    content: `Setiap biaya ditampilkan **sebelum Anda mengonfirmasi**. Tidak ada yang ditagih setelahnya.

| Jenis | Biaya |
| --- | --- |
| Trading spot | Persentase dari setiap order yang terisi; tarifnya tergantung pasar dan ditampilkan di formulir order. |
| Kontrak | Biaya trading saat posisi dibuka dan saat ditutup, ditampilkan di formulir order. |
| Kontrak detik | Biaya per order, ditampilkan bersama durasi, tingkat pembayaran, dan jumlah minimum produk. |
| Penarikan | Biaya per penarikan sesuai mata uang dan jaringan; biaya ditahan bersama jumlah penarikan. |
| Produk keuangan | Tanpa biaya jika produk berjalan hingga akhir siklus. Penebusan lebih awal dikenai persentase dari pokok, yang disebutkan sebelum Anda mengonfirmasi. |
| Setoran dan transfer antarakun Anda | Tanpa biaya dari kami. Saat menyetor, dompet Anda membayar biaya pengiriman jaringan itu sendiri. |

Akun demo (simulasi) menerapkan biaya yang sama pada dana virtual, sehingga Anda bisa melihat berapa biaya sebuah transaksi.`,
  },
}
