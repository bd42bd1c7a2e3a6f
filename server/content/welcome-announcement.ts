/**
 * The welcome announcement seeded on first start, written natively in each of the ten interface languages
 * (spec §1). Plain text; paragraphs are split by blank lines.
 */
import type { Locale } from '../../common/constants'

/** Title, summary and content of one translation. */
export interface AnnouncementText {
  title: string
  summary: string
  content: string
}

/**
 * The closing sentence of each language's first version (seed version 1-2), which said trading was "coming soon": a
 * database still holding it unedited gets the current text (seed version 3, server/db/seed.ts).
 */
export const WELCOME_FIRST_CLOSING: Readonly<Record<Locale, { was: string; now: string }>> = {
  en: {
    was: 'Trading, assets and wealth products are coming soon.',
    now: 'Trade spot and perpetual futures, open rise/fall options, deposit, withdraw and earn with wealth products — or practise first with the simulation account.',
  },
  'zh-CN': {
    was: '交易、资产和理财功能即将上线。',
    now: '您可以进行现货和永续合约交易、参与涨跌期权、充值提现，并通过理财产品获得收益；也可以先用模拟账户练习。',
  },
  'zh-TW': {
    was: '交易、資產與理財功能即將推出。',
    now: '您可以進行現貨與永續合約交易、參與漲跌期權、入金出金，並透過理財產品獲得收益；也可以先用模擬帳戶練習。',
  },
  es: {
    was: 'El trading, los activos y los productos de inversión llegarán pronto.',
    now: 'Opera al contado y con futuros perpetuos, abre opciones de subida o bajada, deposita, retira y gana con productos de inversión; o practica primero con la cuenta de simulación.',
  },
  hi: {
    was: 'ट्रेडिंग, एसेट्स और निवेश उत्पाद जल्द आ रहे हैं।',
    now: 'स्पॉट और परपेचुअल फ़्यूचर्स में ट्रेड करें, तेज़ी/मंदी वाले ऑप्शन लें, जमा और निकासी करें और निवेश उत्पादों से कमाएँ — या पहले सिम्युलेशन खाते से अभ्यास करें।',
  },
  ko: {
    was: '거래, 자산, 재테크 기능은 곧 제공될 예정입니다.',
    now: '현물과 무기한 선물을 거래하고, 상승/하락 옵션에 참여하고, 입출금하며 재테크 상품으로 수익을 얻으세요. 먼저 모의 계좌로 연습해 볼 수도 있습니다.',
  },
  ja: {
    was: '取引、資産、資産運用の機能は近日公開予定です。',
    now: '現物と無期限先物の取引、上昇／下落オプション、入出金、資産運用商品での運用ができます。まずはシミュレーション口座で練習することもできます。',
  },
  pt: {
    was: 'Negociação, ativos e produtos de investimento chegam em breve.',
    now: 'Negoceie à vista e futuros perpétuos, abra opções de subida ou descida, deposite, levante e ganhe com produtos de investimento — ou pratique primeiro com a conta de simulação.',
  },
  vi: {
    was: 'Giao dịch, tài sản và sản phẩm đầu tư sẽ sớm ra mắt.',
    now: 'Giao dịch giao ngay và hợp đồng tương lai vĩnh cửu, đặt quyền chọn tăng/giảm, nạp, rút tiền và sinh lời với sản phẩm đầu tư — hoặc luyện tập trước với tài khoản mô phỏng.',
  },
  id: {
    was: 'Fitur perdagangan, aset, dan produk investasi segera hadir.',
    now: 'Perdagangkan spot dan futures perpetual, pasang opsi naik/turun, setor, tarik, dan raih hasil dari produk investasi — atau berlatih dulu dengan akun simulasi.',
  },
}

export const WELCOME_ANNOUNCEMENT: Readonly<Record<Locale, AnnouncementText>> = {
  en: {
    title: 'Welcome to TC Market',
    summary: 'Live markets, K-line charts and order books in one app that also works offline.',
    content:
      'Welcome to TC Market!\n\n' +
      'Follow spot, futures and forex markets in one place: the latest price, the 24-hour change and volume, K-line charts from 1 minute to 1 month, the order book and the latest trades.\n\n' +
      'Install the app on your phone from the browser menu. It opens even without a connection and shows the last markets it saw, marked with their age.\n\n' +
      'Choose among ten languages and a light or dark theme in the settings. Trade spot and perpetual futures, open rise/fall options, deposit, withdraw and earn with wealth products — or practise first with the simulation account.',
  },
  'zh-CN': {
    title: '欢迎使用 TC Market',
    summary: '实时行情、K线图和盘口深度尽在一个应用，离线也能打开。',
    content:
      '欢迎使用 TC Market！\n\n' +
      '在这里可以一站式查看现货、合约和外汇行情：最新价、24小时涨跌幅与成交量、从1分钟到1个月的K线图、买卖盘口以及最新成交。\n\n' +
      '通过浏览器菜单即可将应用安装到手机桌面。即使没有网络也能打开，并显示最近一次看到的行情及其更新时间。\n\n' +
      '您可以在设置中选择十种语言以及浅色或深色主题。您可以进行现货和永续合约交易、参与涨跌期权、充值提现，并通过理财产品获得收益；也可以先用模拟账户练习。',
  },
  'zh-TW': {
    title: '歡迎使用 TC Market',
    summary: '即時行情、K線圖與委託簿盡在一個應用程式，離線也能開啟。',
    content:
      '歡迎使用 TC Market！\n\n' +
      '在這裡可以一次掌握現貨、合約與外匯行情：最新價、24小時漲跌幅與成交量、從1分鐘到1個月的K線圖、買賣委託簿以及最新成交。\n\n' +
      '透過瀏覽器選單即可將應用程式安裝到手機主畫面。即使沒有網路也能開啟，並顯示最近一次看到的行情及其更新時間。\n\n' +
      '您可以在設定中選擇十種語言以及淺色或深色主題。您可以進行現貨與永續合約交易、參與漲跌期權、入金出金，並透過理財產品獲得收益；也可以先用模擬帳戶練習。',
  },
  es: {
    title: 'Bienvenido a TC Market',
    summary: 'Mercados en vivo, gráficos de velas y libros de órdenes en una app que también funciona sin conexión.',
    content:
      '¡Bienvenido a TC Market!\n\n' +
      'Sigue los mercados spot, de futuros y de divisas en un solo lugar: el último precio, la variación y el volumen de 24 horas, gráficos de velas de 1 minuto a 1 mes, el libro de órdenes y las últimas operaciones.\n\n' +
      'Instala la app en tu móvil desde el menú del navegador. Se abre incluso sin conexión y muestra los últimos mercados que vio, indicando su antigüedad.\n\n' +
      'Elige entre diez idiomas y un tema claro u oscuro en los ajustes. Opera al contado y con futuros perpetuos, abre opciones de subida o bajada, deposita, retira y gana con productos de inversión; o practica primero con la cuenta de simulación.',
  },
  hi: {
    title: 'TC Market में आपका स्वागत है',
    summary: 'लाइव बाज़ार, के-लाइन चार्ट और ऑर्डर बुक एक ही ऐप में, जो ऑफ़लाइन भी काम करता है।',
    content:
      'TC Market में आपका स्वागत है!\n\n' +
      'स्पॉट, फ़्यूचर्स और फ़ॉरेक्स बाज़ारों को एक ही जगह देखें: ताज़ा भाव, 24 घंटे का बदलाव और वॉल्यूम, 1 मिनट से 1 महीने तक के के-लाइन चार्ट, ऑर्डर बुक और हाल के सौदे।\n\n' +
      'ब्राउज़र मेन्यू से ऐप को अपने फ़ोन पर इंस्टॉल करें। यह बिना इंटरनेट के भी खुलता है और आख़िरी बार देखे गए बाज़ार उनके समय के साथ दिखाता है।\n\n' +
      'सेटिंग्स में दस भाषाओं और लाइट या डार्क थीम में से चुनें। स्पॉट और परपेचुअल फ़्यूचर्स में ट्रेड करें, तेज़ी/मंदी वाले ऑप्शन लें, जमा और निकासी करें और निवेश उत्पादों से कमाएँ — या पहले सिम्युलेशन खाते से अभ्यास करें।',
  },
  ko: {
    title: 'TC Market에 오신 것을 환영합니다',
    summary: '실시간 시세, K라인 차트와 호가창을 하나의 앱에서. 오프라인에서도 열립니다.',
    content:
      'TC Market에 오신 것을 환영합니다!\n\n' +
      '현물, 선물, 외환 시장을 한곳에서 확인하세요. 최신 가격, 24시간 등락률과 거래량, 1분부터 1개월까지의 K라인 차트, 호가창과 최근 체결 내역을 볼 수 있습니다.\n\n' +
      '브라우저 메뉴에서 앱을 휴대폰에 설치하세요. 인터넷 연결이 없어도 열리며, 마지막으로 본 시세를 갱신 시각과 함께 보여 줍니다.\n\n' +
      '설정에서 열 가지 언어와 라이트 또는 다크 테마를 선택할 수 있습니다. 현물과 무기한 선물을 거래하고, 상승/하락 옵션에 참여하고, 입출금하며 재테크 상품으로 수익을 얻으세요. 먼저 모의 계좌로 연습해 볼 수도 있습니다.',
  },
  ja: {
    title: 'TC Market へようこそ',
    summary: 'リアルタイム相場、ローソク足チャート、板情報をひとつのアプリで。オフラインでも開けます。',
    content:
      'TC Market へようこそ！\n\n' +
      '現物・先物・FXの相場をひとつの画面で確認できます。最新価格、24時間の騰落率と出来高、1分足から月足までのローソク足チャート、板情報、直近の約定をご覧いただけます。\n\n' +
      'ブラウザのメニューからスマートフォンにアプリをインストールできます。通信がなくても起動し、最後に表示した相場をその取得時刻とともに表示します。\n\n' +
      '設定では10の言語とライト／ダークテーマを選べます。現物と無期限先物の取引、上昇／下落オプション、入出金、資産運用商品での運用ができます。まずはシミュレーション口座で練習することもできます。',
  },
  pt: {
    title: 'Bem-vindo ao TC Market',
    summary: 'Mercados ao vivo, gráficos de candles e livros de ofertas num só app, que também funciona offline.',
    content:
      'Bem-vindo ao TC Market!\n\n' +
      'Acompanhe os mercados à vista, de futuros e de câmbio num só lugar: o último preço, a variação e o volume de 24 horas, gráficos de candles de 1 minuto a 1 mês, o livro de ofertas e as negociações mais recentes.\n\n' +
      'Instale o app no seu telemóvel a partir do menu do navegador. Ele abre mesmo sem ligação e mostra os últimos mercados que viu, com a respetiva idade.\n\n' +
      'Escolha entre dez idiomas e um tema claro ou escuro nas definições. Negoceie à vista e futuros perpétuos, abra opções de subida ou descida, deposite, levante e ganhe com produtos de investimento — ou pratique primeiro com a conta de simulação.',
  },
  vi: {
    title: 'Chào mừng bạn đến với TC Market',
    summary: 'Thị trường trực tiếp, biểu đồ nến và sổ lệnh trong một ứng dụng, dùng được cả khi ngoại tuyến.',
    content:
      'Chào mừng bạn đến với TC Market!\n\n' +
      'Theo dõi thị trường giao ngay, hợp đồng tương lai và ngoại hối ở cùng một nơi: giá mới nhất, biến động và khối lượng 24 giờ, biểu đồ nến từ 1 phút đến 1 tháng, sổ lệnh và các giao dịch gần nhất.\n\n' +
      'Cài ứng dụng lên điện thoại từ menu của trình duyệt. Ứng dụng vẫn mở được khi không có mạng và hiển thị dữ liệu thị trường xem gần nhất kèm thời điểm cập nhật.\n\n' +
      'Bạn có thể chọn một trong mười ngôn ngữ và giao diện sáng hoặc tối trong phần cài đặt. Giao dịch giao ngay và hợp đồng tương lai vĩnh cửu, đặt quyền chọn tăng/giảm, nạp, rút tiền và sinh lời với sản phẩm đầu tư — hoặc luyện tập trước với tài khoản mô phỏng.',
  },
  id: {
    title: 'Selamat datang di TC Market',
    summary:
      'Pasar langsung, grafik candlestick, dan buku order dalam satu aplikasi yang tetap bisa dibuka saat offline.',
    content:
      'Selamat datang di TC Market!\n\n' +
      'Pantau pasar spot, berjangka, dan valas di satu tempat: harga terakhir, perubahan dan volume 24 jam, grafik candlestick dari 1 menit hingga 1 bulan, buku order, serta transaksi terbaru.\n\n' +
      'Pasang aplikasi di ponsel Anda melalui menu peramban. Aplikasi tetap terbuka tanpa koneksi dan menampilkan data pasar terakhir yang dilihat beserta usianya.\n\n' +
      'Pilih salah satu dari sepuluh bahasa serta tema terang atau gelap di pengaturan. Perdagangkan spot dan futures perpetual, pasang opsi naik/turun, setor, tarik, dan raih hasil dari produk investasi — atau berlatih dulu dengan akun simulasi.',
  },
}
