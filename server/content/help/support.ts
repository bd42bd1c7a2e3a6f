/** Help article: how to contact support (seeded once; operators may edit it). */
import type { LocalizedMarkdown } from './types'

export const HELP_SUPPORT: LocalizedMarkdown = {
  en: {
    title: 'How to contact support',
    content: `## Online service

Open **Mine** and choose **Online service**, or open **About us** and then **Contact us**. The chat with our support team opens in a new window.

## Feedback

For anything that needs a written answer, send us feedback:

1. On the **Customer service** or **About us** page, open **My feedback** and tap **New feedback**.
2. Pick the type that fits best (coin, deposit, withdrawal, trade, account or other), write a short title, and describe what you did, what you expected and what happened. Add times, amounts and transaction hashes when they matter.
3. Submit. Your feedback shows as **Waiting**; when we answer it changes to **Replied**, and the reply appears under your message.

Never put passwords or verification codes in feedback. We will never ask for them.`,
  },
  'zh-CN': {
    title: '如何联系客服',
    content: `## 在线客服

打开 **我的** 并选择 **在线客服**，或打开 **关于我们** 后选择 **联系我们**。与客服团队的对话会在新窗口中打开。

## 意见反馈

需要书面答复的问题，请提交反馈：

1. 在 **在线客服** 或 **关于我们** 页面打开 **我的反馈**，点击 **新建反馈**。
2. 选择最合适的类型（币种、充值、提现、交易、账户或其他），写一个简短的标题，并说明您做了什么、预期结果以及实际发生了什么。如有需要，请附上时间、金额和交易哈希。
3. 提交。反馈会显示为 **待回复**；我们答复后状态变为 **已回复**，回复内容显示在您的留言下方。

请勿在反馈中填写密码或验证码。我们绝不会向您索要这些信息。`,
  },
  'zh-TW': {
    title: '如何聯絡客服',
    content: `## 線上客服

開啟 **我的** 並選擇 **線上客服**，或開啟 **關於我們** 後選擇 **聯絡我們**。與客服團隊的對話會在新視窗中開啟。

## 意見回饋

需要書面答覆的問題，請送出意見回饋：

1. 在 **線上客服** 或 **關於我們** 頁面開啟 **我的意見回饋**，點選 **新增意見回饋**。
2. 選擇最合適的類型（幣種、入金、提領、交易、帳戶或其他），寫一個簡短的標題，並說明您做了什麼、預期的結果以及實際發生的情況。如有需要，請附上時間、金額與交易雜湊值。
3. 送出。回饋會顯示為 **待回覆**；我們答覆後狀態會變為 **已回覆**，回覆內容顯示在您的留言下方。

請勿在回饋中填寫密碼或驗證碼。我們絕不會向您索取這些資訊。`,
  },
  es: {
    title: 'Cómo contactar con soporte',
    content: `## Atención en línea

Abre **Mi cuenta** y elige **Atención en línea**, o abre **Sobre nosotros** y después **Contáctanos**. El chat con nuestro equipo de soporte se abre en una ventana nueva.

## Comentarios

Para todo lo que necesite una respuesta por escrito, envíanos un comentario:

1. En la página **Atención al cliente** o **Sobre nosotros**, abre **Mis comentarios** y toca **Nuevo comentario**.
2. Elige el tipo que mejor encaje (moneda, depósito, retiro, trading, cuenta u otro), escribe un título breve y describe qué hiciste, qué esperabas y qué pasó. Añade horas, importes y hashes de transacción cuando importen.
3. Envíalo. Aparecerá como **En espera**; cuando respondamos cambiará a **Respondido** y la respuesta se mostrará bajo tu mensaje.

No incluyas nunca contraseñas ni códigos de verificación en un comentario. Nunca te los pediremos.`,
  },
  hi: {
    title: 'सपोर्ट से संपर्क कैसे करें',
    content: `## ऑनलाइन सहायता

**मेरा** खोलें और **ऑनलाइन सहायता** चुनें, या **हमारे बारे में** खोलकर **संपर्क करें** चुनें। हमारी सपोर्ट टीम से चैट एक नई विंडो में खुलती है।

## प्रतिक्रिया

जिस बात का लिखित जवाब चाहिए, उसके लिए हमें प्रतिक्रिया भेजें:

1. **ग्राहक सेवा** या **हमारे बारे में** पेज पर **मेरी प्रतिक्रियाएँ** खोलें और **नई प्रतिक्रिया** पर टैप करें।
2. सबसे उपयुक्त प्रकार चुनें (कॉइन, जमा, निकासी, ट्रेड, खाता या अन्य), छोटा शीर्षक लिखें, और बताएँ कि आपने क्या किया, क्या होने की उम्मीद थी और असल में क्या हुआ। ज़रूरी हो तो समय, राशि और ट्रांज़ैक्शन हैश भी लिखें।
3. भेजें। आपकी प्रतिक्रिया **प्रतीक्षा में** दिखेगी; हमारे जवाब देने पर यह **जवाब दिया गया** हो जाएगी और जवाब आपके संदेश के नीचे दिखेगा।

प्रतिक्रिया में कभी पासवर्ड या सत्यापन कोड न लिखें। हम इन्हें कभी नहीं माँगेंगे।`,
  },
  ko: {
    title: '고객센터 문의 방법',
    content: `## 온라인 고객센터

**마이**에서 **온라인 고객센터**를 선택하거나, **회사 소개**를 연 뒤 **문의하기**를 선택하세요. 고객지원팀과의 채팅이 새 창에서 열립니다.

## 피드백

서면 답변이 필요한 문의는 피드백으로 보내 주세요.

1. **고객센터** 또는 **회사 소개** 페이지에서 **내 피드백**을 열고 **새 피드백**을 누르세요.
2. 가장 알맞은 유형(코인, 입금, 출금, 거래, 계정, 기타)을 고르고 짧은 제목을 쓴 뒤, 무엇을 했는지, 무엇을 기대했는지, 실제로 어떤 일이 있었는지 적어 주세요. 필요하면 시간, 금액, 거래 해시도 함께 적어 주세요.
3. 제출하세요. 피드백은 **답변 대기**로 표시되며, 답변이 등록되면 **답변 완료**로 바뀌고 회원님의 메시지 아래에 답변이 표시됩니다.

피드백에 비밀번호나 인증 코드를 절대 적지 마세요. 저희는 이를 요구하지 않습니다.`,
  },
  ja: {
    title: 'サポートへの問い合わせ方法',
    content: `## オンラインサポート

**マイページ**で**オンラインサポート**を選ぶか、**会社概要**を開いて**お問い合わせ**を選んでください。サポートチームとのチャットが新しいウィンドウで開きます。

## フィードバック

文書での回答が必要な内容は、フィードバックでお送りください。

1. **カスタマーサービス**または**会社概要**のページで**マイフィードバック**を開き、**新規フィードバック**をタップします。
2. 最も近い種類（通貨、入金、出金、取引、アカウント、その他）を選び、短い件名を書いて、行った操作・期待した結果・実際に起きたことを説明してください。必要に応じて日時、金額、トランザクションハッシュも記入してください。
3. 送信します。フィードバックは**回答待ち**と表示され、回答すると**回答済み**に変わり、メッセージの下に回答が表示されます。

フィードバックにパスワードや認証コードを書かないでください。当社がそれらを尋ねることはありません。`,
  },
  pt: {
    title: 'Como falar com o suporte',
    content: `## Atendimento online

Abra **Minha conta** e escolha **Atendimento online**, ou abra **Sobre nós** e depois **Fale conosco**. O chat com nossa equipe de suporte abre em uma nova janela.

## Feedback

Para tudo o que precisar de uma resposta por escrito, envie um feedback:

1. Na página **Atendimento ao cliente** ou **Sobre nós**, abra **Meus feedbacks** e toque em **Novo feedback**.
2. Escolha o tipo mais adequado (moeda, depósito, saque, negociação, conta ou outro), escreva um título curto e descreva o que você fez, o que esperava e o que aconteceu. Inclua horários, valores e hashes de transação quando importarem.
3. Envie. O feedback aparece como **Aguardando**; quando respondermos, muda para **Respondido** e a resposta aparece abaixo da sua mensagem.

Nunca coloque senhas ou códigos de verificação no feedback. Nunca vamos pedi-los.`,
  },
  vi: {
    title: 'Cách liên hệ bộ phận hỗ trợ',
    content: `## Hỗ trợ trực tuyến

Mở **Của tôi** và chọn **Hỗ trợ trực tuyến**, hoặc mở **Về chúng tôi** rồi chọn **Liên hệ**. Cuộc trò chuyện với đội ngũ hỗ trợ sẽ mở trong cửa sổ mới.

## Phản hồi

Với những việc cần trả lời bằng văn bản, hãy gửi phản hồi cho chúng tôi:

1. Trên trang **Chăm sóc khách hàng** hoặc **Về chúng tôi**, mở **Phản hồi của tôi** và chạm vào **Phản hồi mới**.
2. Chọn loại phù hợp nhất (coin, nạp tiền, rút tiền, giao dịch, tài khoản hoặc khác), viết tiêu đề ngắn và mô tả bạn đã làm gì, mong đợi điều gì và điều gì đã xảy ra. Ghi kèm thời gian, số tiền và mã hash giao dịch khi cần.
3. Gửi đi. Phản hồi sẽ hiển thị **Đang chờ**; khi chúng tôi trả lời, trạng thái chuyển thành **Đã trả lời** và câu trả lời hiện bên dưới tin nhắn của bạn.

Đừng bao giờ ghi mật khẩu hay mã xác minh trong phản hồi. Chúng tôi không bao giờ hỏi những thông tin đó.`,
  },
  id: {
    title: 'Cara menghubungi dukungan',
    content: `## Layanan online

Buka **Saya** lalu pilih **Layanan online**, atau buka **Tentang kami** lalu **Hubungi kami**. Obrolan dengan tim dukungan kami terbuka di jendela baru.

## Masukan

Untuk hal yang memerlukan jawaban tertulis, kirimkan masukan:

1. Di halaman **Layanan pelanggan** atau **Tentang kami**, buka **Masukan saya** lalu ketuk **Masukan baru**.
2. Pilih jenis yang paling sesuai (koin, setoran, penarikan, trading, akun, atau lainnya), tulis judul singkat, dan jelaskan apa yang Anda lakukan, apa yang Anda harapkan, dan apa yang terjadi. Sertakan waktu, jumlah, dan hash transaksi bila perlu.
3. Kirim. Masukan Anda tampil sebagai **Menunggu**; saat kami menjawab, statusnya berubah menjadi **Dibalas** dan balasan muncul di bawah pesan Anda.

Jangan pernah menulis kata sandi atau kode verifikasi dalam masukan. Kami tidak akan pernah memintanya.`,
  },
}
