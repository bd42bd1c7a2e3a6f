/** Help article: deposits and withdrawals, the basics (seeded once; operators may edit it). */
import type { LocalizedMarkdown } from './types'

export const HELP_FUNDS: LocalizedMarkdown = {
  en: {
    title: 'Deposits and withdrawals: the basics',
    content: `## Deposits

1. Open **Assets**, choose **Deposit**, then the currency and its network.
2. From your own wallet, send the funds to the deposit address shown, as a simple transfer. Other sending methods are not supported.
3. Enter the amount and the address you sent from, and submit. You can add a screenshot of the transfer as proof.

A deposit is credited after **1 network confirmation** and our check; the funds can be withdrawn after **6 confirmations**. Follow it in the deposit records: **Pending review**, **Approved**, or **Rejected** with the reason.

Always use the network shown with the address. Funds sent over another network may be lost.

## Withdrawals

1. Save your withdrawal (coin) address first.
2. Open **Withdrawal**, enter the amount, check the fee and the amount you will receive, and confirm with your **transaction password**.
3. Every withdrawal is reviewed before it is sent. The amount and the fee are held until then; if the withdrawal is rejected, both return to your balance.

The minimum withdrawal amount is shown on the withdrawal screen.`,
  },
  'zh-CN': {
    title: '充值与提现基础知识',
    content: `## 充值

1. 打开 **资产**，选择 **充值**，再选择币种及其网络。
2. 从您自己的钱包，以普通转账方式将资金发送到页面显示的充值地址。暂不支持其他转账方式。
3. 填写金额和转出地址后提交。您可以附上转账截图作为凭证。

充值在 **1 个网络确认** 并经我们核实后到账；达到 **6 个确认** 后即可提现。您可以在充值记录中查看进度：**待审核**、**已通过**，或 **已驳回** 及原因。

请务必使用与地址一同显示的网络。通过其他网络发送的资金可能会丢失。

## 提现

1. 请先保存您的提币地址。
2. 打开 **提现**，输入金额，核对手续费和实际到账金额，然后使用 **交易密码** 确认。
3. 每笔提现在发出前都会经过审核。在此之前，提现金额和手续费会被冻结；如果提现被驳回，两者都会退回您的余额。

最低提现金额显示在提现页面上。`,
  },
  'zh-TW': {
    title: '入金與提領基本說明',
    content: `## 入金

1. 開啟 **資產**，選擇 **入金**，再選擇幣種及其網路。
2. 從您自己的錢包，以一般轉帳方式將資金傳送到頁面顯示的入金地址。目前不支援其他轉帳方式。
3. 填寫金額與轉出地址後送出。您可以附上轉帳截圖作為憑證。

入金在 **1 個網路確認** 並經我們核實後入帳；達到 **6 個確認** 後即可提領。您可以在入金紀錄中查看進度：**待審核**、**已通過**，或 **已駁回** 及原因。

請務必使用與地址一同顯示的網路。透過其他網路傳送的資金可能會遺失。

## 提領

1. 請先儲存您的提幣地址。
2. 開啟 **提領**，輸入金額，核對手續費與實際到帳金額，再以 **交易密碼** 確認。
3. 每筆提領在送出前都會經過審核。在此之前，提領金額與手續費會被凍結；若提領遭駁回，兩者都會退回您的餘額。

最低提領金額顯示在提領頁面上。`,
  },
  es: {
    title: 'Depósitos y retiros: lo básico',
    content: `## Depósitos

1. Abre **Activos**, elige **Depositar** y después la moneda y su red.
2. Desde tu propia billetera, envía los fondos a la dirección de depósito que se muestra, como una transferencia simple. No se admiten otros métodos de envío.
3. Indica el importe y la dirección desde la que enviaste, y confirma. Puedes añadir una captura de la transferencia como comprobante.

El depósito se abona tras **1 confirmación de la red** y nuestra revisión; los fondos se pueden retirar tras **6 confirmaciones**. Síguelo en el historial de depósitos: **Pendiente de revisión**, **Aprobado** o **Rechazado** con el motivo.

Usa siempre la red que aparece junto a la dirección. Los fondos enviados por otra red pueden perderse.

## Retiros

1. Guarda primero tu dirección de retiro.
2. Abre **Retirar**, introduce el importe, revisa la comisión y lo que vas a recibir, y confirma con tu **contraseña de transacción**.
3. Cada retiro se revisa antes de enviarse. Hasta entonces, el importe y la comisión quedan retenidos; si el retiro se rechaza, ambos vuelven a tu saldo.

El importe mínimo de retiro se indica en la pantalla de retiro.`,
  },
  hi: {
    title: 'जमा और निकासी: बुनियादी जानकारी',
    content: `## जमा

1. **एसेट्स** खोलें, **जमा** चुनें, फिर मुद्रा और उसका नेटवर्क चुनें।
2. अपने ख़ुद के वॉलेट से, दिखाए गए जमा पते पर साधारण ट्रांसफ़र के रूप में राशि भेजें। भेजने के दूसरे तरीके समर्थित नहीं हैं।
3. राशि और जिस पते से भेजा है वह डालें, और जमा करें। सबूत के तौर पर ट्रांसफ़र का स्क्रीनशॉट जोड़ सकते हैं।

जमा **1 नेटवर्क पुष्टि** और हमारी जाँच के बाद खाते में आती है; **6 पुष्टियों** के बाद राशि निकाली जा सकती है। जमा रिकॉर्ड में स्थिति देखें: **समीक्षा लंबित**, **स्वीकृत**, या कारण सहित **अस्वीकृत**।

हमेशा पते के साथ दिखाया गया नेटवर्क ही इस्तेमाल करें। किसी दूसरे नेटवर्क से भेजी गई राशि खो सकती है।

## निकासी

1. पहले अपना निकासी (कॉइन) पता सेव करें।
2. **निकासी** खोलें, राशि डालें, शुल्क और मिलने वाली राशि जाँचें, और अपने **लेन-देन पासवर्ड** से पुष्टि करें।
3. हर निकासी भेजे जाने से पहले जाँची जाती है। तब तक राशि और शुल्क रोककर रखे जाते हैं; निकासी अस्वीकृत होने पर दोनों आपके बैलेंस में लौट आते हैं।

न्यूनतम निकासी राशि निकासी स्क्रीन पर दिखाई जाती है।`,
  },
  ko: {
    title: '입금과 출금 기본 안내',
    content: `## 입금

1. **자산**을 열고 **입금**을 선택한 뒤 코인과 네트워크를 고르세요.
2. 본인 지갑에서 화면에 표시된 입금 주소로 일반 전송 방식으로 보내세요. 다른 전송 방식은 지원하지 않습니다.
3. 금액과 보낸 주소를 입력하고 제출하세요. 전송 화면 캡처를 증빙으로 첨부할 수 있습니다.

입금은 **네트워크 확인 1회**와 저희 검토를 거쳐 반영되며, **확인 6회** 이후 출금할 수 있습니다. 입금 내역에서 **심사 대기**, **승인**, 또는 사유와 함께 **거절** 상태를 확인하세요.

반드시 주소와 함께 표시된 네트워크를 사용하세요. 다른 네트워크로 보낸 자금은 잃을 수 있습니다.

## 출금

1. 먼저 출금(코인) 주소를 저장하세요.
2. **출금**을 열고 금액을 입력한 뒤 수수료와 실제 수령 금액을 확인하고 **거래 비밀번호**로 확인하세요.
3. 모든 출금은 전송 전에 심사를 거칩니다. 그동안 금액과 수수료는 동결되며, 출금이 거절되면 둘 다 잔액으로 돌아옵니다.

최소 출금 금액은 출금 화면에 표시됩니다.`,
  },
  ja: {
    title: '入金と出金の基本',
    content: `## 入金

1. **資産**を開き、**入金**を選んでから通貨とネットワークを選択します。
2. ご自身のウォレットから、表示された入金アドレスへ通常の送金で送ってください。その他の送金方法には対応していません。
3. 金額と送金元アドレスを入力して送信します。送金画面のスクリーンショットを証明として添付できます。

入金は**ネットワーク承認1回**と当社の確認を経て反映され、**承認6回**を過ぎると出金できるようになります。入金履歴で**審査待ち**、**承認済み**、または理由付きの**却下**を確認できます。

必ずアドレスと一緒に表示されたネットワークを使ってください。別のネットワークで送った資金は失われるおそれがあります。

## 出金

1. まず出金先（コイン）アドレスを保存します。
2. **出金**を開き、金額を入力して手数料と受取額を確認し、**取引パスワード**で確定します。
3. すべての出金は送金前に審査されます。それまで金額と手数料は凍結され、出金が却下されるとどちらも残高に戻ります。

最低出金額は出金画面に表示されます。`,
  },
  pt: {
    title: 'Depósitos e saques: o básico',
    content: `## Depósitos

1. Abra **Ativos**, escolha **Depositar** e depois a moeda e a rede.
2. Da sua própria carteira, envie os fundos para o endereço de depósito exibido, como uma transferência simples. Outros métodos de envio não são aceitos.
3. Informe o valor e o endereço de origem e envie. Você pode anexar uma captura de tela da transferência como comprovante.

O depósito é creditado após **1 confirmação da rede** e a nossa verificação; os fundos podem ser sacados após **6 confirmações**. Acompanhe no histórico de depósitos: **Em análise**, **Aprovado** ou **Recusado** com o motivo.

Use sempre a rede exibida junto com o endereço. Fundos enviados por outra rede podem ser perdidos.

## Saques

1. Salve primeiro o seu endereço de saque.
2. Abra **Sacar**, informe o valor, confira a taxa e o valor que vai receber e confirme com sua **senha de transação**.
3. Todo saque é analisado antes de ser enviado. Até lá, o valor e a taxa ficam bloqueados; se o saque for recusado, ambos voltam ao seu saldo.

O valor mínimo de saque aparece na tela de saque.`,
  },
  vi: {
    title: 'Nạp và rút tiền: những điều cơ bản',
    content: `## Nạp tiền

1. Mở **Tài sản**, chọn **Nạp tiền**, sau đó chọn loại tiền và mạng lưới.
2. Từ ví của chính bạn, gửi tiền đến địa chỉ nạp được hiển thị bằng một lệnh chuyển thông thường. Các phương thức gửi khác không được hỗ trợ.
3. Nhập số tiền và địa chỉ gửi, rồi gửi yêu cầu. Bạn có thể đính kèm ảnh chụp màn hình giao dịch làm bằng chứng.

Khoản nạp được ghi có sau **1 xác nhận mạng** và khi chúng tôi kiểm tra xong; tiền có thể rút sau **6 xác nhận**. Theo dõi trong lịch sử nạp: **Chờ xét duyệt**, **Đã duyệt**, hoặc **Bị từ chối** kèm lý do.

Luôn dùng đúng mạng lưới hiển thị cùng địa chỉ. Tiền gửi qua mạng khác có thể bị mất.

## Rút tiền

1. Trước tiên, hãy lưu địa chỉ rút tiền (địa chỉ coin) của bạn.
2. Mở **Rút tiền**, nhập số tiền, kiểm tra phí và số tiền thực nhận, rồi xác nhận bằng **mật khẩu giao dịch**.
3. Mọi lệnh rút đều được xét duyệt trước khi gửi đi. Trong thời gian đó số tiền và phí bị tạm giữ; nếu lệnh rút bị từ chối, cả hai sẽ được hoàn về số dư.

Số tiền rút tối thiểu được hiển thị trên màn hình rút tiền.`,
  },
  id: {
    title: 'Setoran dan penarikan: dasar-dasarnya',
    content: `## Setoran

1. Buka **Aset**, pilih **Setor**, lalu pilih mata uang dan jaringannya.
2. Dari dompet Anda sendiri, kirim dana ke alamat setoran yang ditampilkan sebagai transfer biasa. Metode pengiriman lain tidak didukung.
3. Masukkan jumlah dan alamat pengirim, lalu kirim. Anda bisa melampirkan tangkapan layar transfer sebagai bukti.

Setoran dikreditkan setelah **1 konfirmasi jaringan** dan pemeriksaan kami; dana dapat ditarik setelah **6 konfirmasi**. Pantau di riwayat setoran: **Menunggu tinjauan**, **Disetujui**, atau **Ditolak** beserta alasannya.

Selalu gunakan jaringan yang ditampilkan bersama alamat. Dana yang dikirim lewat jaringan lain bisa hilang.

## Penarikan

1. Simpan dulu alamat penarikan (alamat koin) Anda.
2. Buka **Tarik**, masukkan jumlah, periksa biaya dan jumlah yang akan diterima, lalu konfirmasi dengan **kata sandi transaksi**.
3. Setiap penarikan ditinjau sebelum dikirim. Sampai saat itu, jumlah dan biayanya ditahan; jika penarikan ditolak, keduanya kembali ke saldo Anda.

Jumlah penarikan minimum ditampilkan di layar penarikan.`,
  },
}
