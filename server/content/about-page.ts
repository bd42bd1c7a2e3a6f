/** The about-us page seeded on first start, in the ten interface languages (Markdown; operators may replace it). */
import type { LocalizedMarkdown } from './help/types'

export const ABOUT_PAGE: LocalizedMarkdown = {
  en: {
    title: 'About TC Market',
    content: `TC Market is your wealth companion: one app to follow the markets, trade and grow your savings.

## What you can do

- Follow live prices, K-line charts, order books and the latest trades of spot, futures and forex markets.
- Trade spot, perpetual contracts and second contracts, and subscribe to financial products.
- Practise first with a demo account and virtual funds.
- Use the app in ten languages, in a light or dark theme, and install it on your phone's home screen.

## Your security

Passwords are stored only as strong one-way hashes, you can end your sessions at any time, and every withdrawal needs your transaction password and a review by our team.

## Talk to us

Questions or ideas? Use the online service, or send us feedback from this page. We answer every message.`,
  },
  'zh-CN': {
    title: '关于 TC Market',
    content: `TC Market 是您的财富伙伴：一个应用即可关注行情、进行交易并让资产稳健增值。

## 您可以

- 查看现货、合约和外汇市场的实时价格、K线图、盘口深度和最新成交。
- 交易现货、永续合约和秒合约，并申购理财产品。
- 先用模拟账户和虚拟资金练习。
- 在十种语言、浅色或深色主题之间自由切换，并可将应用安装到手机桌面。

## 您的安全

密码仅以高强度的单向哈希形式保存；您可以随时结束登录会话；每一笔提现都需要您的交易密码并经过我们团队的审核。

## 联系我们

有疑问或建议？请使用在线客服，或在本页提交反馈。每一条留言我们都会回复。`,
  },
  'zh-TW': {
    title: '關於 TC Market',
    content: `TC Market 是您的財富夥伴：一個應用程式就能關注行情、進行交易並讓資產穩健成長。

## 您可以

- 查看現貨、合約與外匯市場的即時價格、K線圖、委託簿與最新成交。
- 交易現貨、永續合約與秒合約，並申購理財產品。
- 先用模擬帳戶與虛擬資金練習。
- 在十種語言、淺色或深色主題之間自由切換，並可將應用程式安裝到手機主畫面。

## 您的安全

密碼僅以高強度的單向雜湊形式保存；您可以隨時結束登入工作階段；每一筆提領都需要您的交易密碼並經過我們團隊的審核。

## 聯絡我們

有疑問或建議？請使用線上客服，或在本頁送出意見回饋。每一則留言我們都會回覆。`,
  },
  es: {
    title: 'Sobre TC Market',
    content: `TC Market es tu compañero patrimonial: una sola aplicación para seguir los mercados, operar y hacer crecer tus ahorros.

## Qué puedes hacer

- Seguir precios en tiempo real, gráficos de velas, libros de órdenes y las últimas operaciones de mercados al contado, de futuros y de divisas.
- Operar al contado, con contratos perpetuos y con contratos por segundos, y suscribir productos financieros.
- Practicar primero con una cuenta demo y fondos virtuales.
- Usar la aplicación en diez idiomas, con tema claro u oscuro, e instalarla en la pantalla de inicio del móvil.

## Tu seguridad

Las contraseñas solo se guardan como hashes unidireccionales robustos, puedes cerrar tus sesiones en cualquier momento y cada retiro necesita tu contraseña de transacción y la revisión de nuestro equipo.

## Habla con nosotros

¿Dudas o ideas? Usa la atención en línea o envíanos una consulta desde esta página. Respondemos a todos los mensajes.`,
  },
  hi: {
    title: 'TC Market के बारे में',
    content: `TC Market आपका वेल्थ साथी है: बाज़ार पर नज़र रखने, ट्रेड करने और अपनी बचत बढ़ाने के लिए एक ही ऐप।

## आप क्या कर सकते हैं

- स्पॉट, फ़्यूचर्स और फ़ॉरेक्स बाज़ारों के लाइव भाव, के-लाइन चार्ट, ऑर्डर बुक और ताज़ा ट्रेड देखें।
- स्पॉट, परपेचुअल कॉन्ट्रैक्ट और सेकंड कॉन्ट्रैक्ट में ट्रेड करें, और वित्तीय प्रोडक्ट सब्सक्राइब करें।
- पहले डेमो खाते और वर्चुअल राशि से अभ्यास करें।
- ऐप को दस भाषाओं में, लाइट या डार्क थीम में इस्तेमाल करें, और इसे अपने फ़ोन की होम स्क्रीन पर इंस्टॉल करें।

## आपकी सुरक्षा

पासवर्ड केवल मज़बूत वन-वे हैश के रूप में रखे जाते हैं, आप कभी भी अपने सेशन ख़त्म कर सकते हैं, और हर निकासी के लिए आपका लेन-देन पासवर्ड और हमारी टीम की समीक्षा ज़रूरी है।

## हमसे बात करें

सवाल या सुझाव हैं? ऑनलाइन सेवा का इस्तेमाल करें, या इसी पेज से हमें फ़ीडबैक भेजें। हम हर संदेश का जवाब देते हैं।`,
  },
  ko: {
    title: 'TC Market 소개',
    content: `TC Market은 회원님의 자산 동반자입니다. 하나의 앱으로 시세를 확인하고, 거래하고, 자산을 불려 보세요.

## 이용할 수 있는 기능

- 현물, 선물, 외환 마켓의 실시간 시세, K라인 차트, 호가창, 최근 체결 내역을 확인하세요.
- 현물, 무기한 선물, 초 단위 계약을 거래하고 금융 상품에 가입하세요.
- 먼저 모의 계정과 가상 자금으로 연습해 보세요.
- 10개 언어와 라이트·다크 테마로 이용하고, 휴대폰 홈 화면에 앱을 설치하세요.

## 회원님의 보안

비밀번호는 강력한 단방향 해시로만 저장되며, 언제든지 로그인 세션을 종료할 수 있습니다. 모든 출금에는 거래 비밀번호와 저희 팀의 심사가 필요합니다.

## 문의하기

궁금한 점이나 제안이 있으신가요? 온라인 상담을 이용하거나 이 페이지에서 피드백을 보내 주세요. 모든 메시지에 답변드립니다.`,
  },
  ja: {
    title: 'TC Marketについて',
    content: `TC Marketはあなたの資産のパートナーです。ひとつのアプリで相場をチェックし、取引し、資産を育てられます。

## できること

- 現物・先物・FX市場のリアルタイム価格、ローソク足チャート、板情報、最新の約定を確認できます。
- 現物、無期限先物、秒オプションを取引し、資産運用商品に申し込めます。
- まずはデモ口座と仮想資金で練習できます。
- 10言語とライト／ダークテーマに対応し、スマートフォンのホーム画面にインストールできます。

## セキュリティ

パスワードは強力な一方向ハッシュとしてのみ保存され、ログイン中のセッションはいつでも終了できます。すべての出金には取引パスワードと当社チームによる審査が必要です。

## お問い合わせ

ご質問やご要望はありますか？オンラインサポートをご利用いただくか、このページからフィードバックをお送りください。すべてのメッセージに回答いたします。`,
  },
  pt: {
    title: 'Sobre a TC Market',
    content: `A TC Market é sua parceira de patrimônio: um só aplicativo para acompanhar os mercados, negociar e fazer suas economias crescerem.

## O que você pode fazer

- Acompanhar preços ao vivo, gráficos de velas, livros de ofertas e os últimos negócios dos mercados à vista, futuros e de câmbio.
- Negociar à vista, contratos perpétuos e contratos por segundos, e aplicar em produtos financeiros.
- Praticar antes com uma conta demo e fundos virtuais.
- Usar o aplicativo em dez idiomas, no tema claro ou escuro, e instalá-lo na tela inicial do celular.

## Sua segurança

As senhas são guardadas apenas como hashes unidirecionais robustos, você pode encerrar suas sessões a qualquer momento e todo saque exige sua senha de transação e a análise da nossa equipe.

## Fale com a gente

Dúvidas ou ideias? Use o atendimento online ou envie um feedback por esta página. Respondemos a todas as mensagens.`,
  },
  vi: {
    title: 'Về TC Market',
    content: `TC Market là người bạn đồng hành tài chính của bạn: một ứng dụng để theo dõi thị trường, giao dịch và gia tăng khoản tiết kiệm.

## Bạn có thể

- Theo dõi giá trực tiếp, biểu đồ nến, sổ lệnh và các giao dịch mới nhất của thị trường giao ngay, hợp đồng tương lai và ngoại hối.
- Giao dịch giao ngay, hợp đồng vĩnh cửu và hợp đồng theo giây, đồng thời đăng ký các sản phẩm tài chính.
- Luyện tập trước với tài khoản demo và tiền ảo.
- Dùng ứng dụng bằng mười ngôn ngữ, giao diện sáng hoặc tối, và cài đặt lên màn hình chính của điện thoại.

## An toàn của bạn

Mật khẩu chỉ được lưu dưới dạng mã băm một chiều mạnh, bạn có thể kết thúc các phiên đăng nhập bất cứ lúc nào, và mọi lệnh rút tiền đều cần mật khẩu giao dịch của bạn cùng sự xét duyệt của đội ngũ chúng tôi.

## Trò chuyện với chúng tôi

Có câu hỏi hay ý tưởng? Hãy dùng hỗ trợ trực tuyến hoặc gửi góp ý từ trang này. Chúng tôi trả lời mọi tin nhắn.`,
  },
  id: {
    title: 'Tentang TC Market',
    content: `TC Market adalah pendamping kekayaan Anda: satu aplikasi untuk memantau pasar, bertrading, dan menumbuhkan tabungan.

## Yang bisa Anda lakukan

- Memantau harga langsung, grafik K-line, buku order, dan transaksi terbaru di pasar spot, berjangka, dan valas.
- Bertrading spot, kontrak perpetual, dan kontrak detik, serta berlangganan produk keuangan.
- Berlatih dulu dengan akun demo dan dana virtual.
- Memakai aplikasi dalam sepuluh bahasa, dengan tema terang atau gelap, dan memasangnya di layar utama ponsel.

## Keamanan Anda

Kata sandi hanya disimpan sebagai hash satu arah yang kuat, Anda dapat mengakhiri sesi kapan saja, dan setiap penarikan memerlukan kata sandi transaksi Anda serta peninjauan oleh tim kami.

## Hubungi kami

Ada pertanyaan atau ide? Gunakan layanan online, atau kirim masukan dari halaman ini. Kami menjawab setiap pesan.`,
  },
}
