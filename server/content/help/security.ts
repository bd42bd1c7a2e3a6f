/** Help article: security tips (transaction password, phishing) (seeded once; operators may edit it). */
import type { LocalizedMarkdown } from './types'

export const HELP_SECURITY: LocalizedMarkdown = {
  en: {
    title: 'Security tips: transaction password and phishing',
    content: `## Use two different passwords

Your **login password** opens the app; your **transaction password** is asked for when you withdraw. Make them different, so that someone who learns one still cannot do both. Set the transaction password in the **Security center** under **Mine**.

- Use at least 8 characters. A long passphrase is easier to remember and harder to guess.
- Never reuse a password from another website.
- Changing your login password signs you out on every device, which helps if you think someone else knows it.

## Recognise phishing

- Our staff will **never** ask for your passwords, your verification codes or your wallet's recovery phrase. Anyone who asks is a scammer.
- Open the app only from the address you registered on, or from the icon you installed on your home screen. Check the address bar before typing a password.
- A verification code is for you alone. Do not read it out or forward it to anyone, even someone claiming to be support.
- Be wary of messages that promise guaranteed profits, "account upgrades" or urgent security checks.
- Signing in with a wallet only asks you to sign a text message. Never approve a transaction or a token permission just to sign in.

## On a shared device

Log out when you are done (**Mine**, then **Log out**). Logging out removes your data from the device.`,
  },
  'zh-CN': {
    title: '安全提示：交易密码与防范钓鱼',
    content: `## 使用两个不同的密码

**登录密码** 用于登录应用，**交易密码** 在提现时使用。请将两者设置为不同的密码，这样即使有人得知其中一个，也无法同时完成登录和提现。交易密码可在 **我的** 中的 **安全中心** 设置。

- 至少使用 8 个字符。较长的短语更容易记住，也更难被猜到。
- 切勿重复使用其他网站的密码。
- 修改登录密码后，所有设备上的登录都会失效；如果怀疑密码泄露，这样做很有帮助。

## 识别钓鱼诈骗

- 我们的工作人员 **绝不会** 索要您的密码、验证码或钱包助记词。任何索要这些信息的人都是骗子。
- 只通过您注册时使用的网址，或安装在手机桌面上的图标打开应用。输入密码前请先核对地址栏。
- 验证码仅供您本人使用。不要念给任何人听，也不要转发，即使对方自称是客服。
- 对承诺稳赚不赔、"账户升级"或紧急安全检查的消息保持警惕。
- 使用钱包登录时只需要签署一段文字消息。仅为登录时，切勿批准任何转账或代币授权。

## 在共用设备上

使用完毕请退出登录（**我的** → **退出登录**）。退出登录会清除您在该设备上的数据。`,
  },
  'zh-TW': {
    title: '安全提示：交易密碼與防範釣魚',
    content: `## 使用兩組不同的密碼

**登入密碼** 用於登入應用程式，**交易密碼** 在提領時使用。請將兩者設為不同的密碼，這樣即使有人得知其中一組，也無法同時完成登入與提領。交易密碼可在 **我的** 中的 **安全中心** 設定。

- 至少使用 8 個字元。較長的短句更容易記住，也更難被猜中。
- 切勿重複使用其他網站的密碼。
- 變更登入密碼後，所有裝置上的登入都會失效；若懷疑密碼外洩，這樣做很有幫助。

## 辨識釣魚詐騙

- 我們的工作人員 **絕不會** 索取您的密碼、驗證碼或錢包助記詞。任何索取這些資訊的人都是詐騙者。
- 只透過您註冊時使用的網址，或安裝在主畫面上的圖示開啟應用程式。輸入密碼前請先核對網址列。
- 驗證碼僅供您本人使用。不要唸給任何人聽，也不要轉寄，即使對方自稱是客服。
- 對保證獲利、「帳戶升級」或緊急安全檢查之類的訊息保持警覺。
- 使用錢包登入時只需簽署一段文字訊息。僅為登入時，切勿核准任何交易或代幣授權。

## 在共用裝置上

使用完畢請登出（**我的** → **登出**）。登出會清除您在該裝置上的資料。`,
  },
  es: {
    title: 'Consejos de seguridad: contraseña de transacción y phishing',
    content: `## Usa dos contraseñas distintas

Tu **contraseña de acceso** abre la aplicación; tu **contraseña de transacción** se pide al retirar fondos. Haz que sean diferentes, para que quien descubra una no pueda hacer ambas cosas. Configura la contraseña de transacción en el **Centro de seguridad**, dentro de **Mi cuenta**.

- Usa al menos 8 caracteres. Una frase larga es más fácil de recordar y más difícil de adivinar.
- No reutilices nunca una contraseña de otro sitio web.
- Cambiar la contraseña de acceso cierra tu sesión en todos los dispositivos, algo útil si crees que otra persona la conoce.

## Reconoce el phishing

- Nuestro personal **nunca** te pedirá tus contraseñas, tus códigos de verificación ni la frase de recuperación de tu billetera. Quien los pida es un estafador.
- Abre la aplicación solo desde la dirección en la que te registraste o desde el icono que instalaste en tu pantalla de inicio. Revisa la barra de direcciones antes de escribir una contraseña.
- Un código de verificación es solo para ti. No lo dictes ni lo reenvíes a nadie, aunque diga ser de soporte.
- Desconfía de los mensajes que prometen ganancias garantizadas, "mejoras de cuenta" o revisiones de seguridad urgentes.
- Entrar con una billetera solo te pide firmar un mensaje de texto. Nunca apruebes una transacción ni un permiso de tokens solo para iniciar sesión.

## En un dispositivo compartido

Cierra sesión al terminar (**Mi cuenta** y después **Cerrar sesión**). Al cerrar sesión se borran tus datos del dispositivo.`,
  },
  hi: {
    title: 'सुरक्षा सुझाव: लेन-देन पासवर्ड और फ़िशिंग',
    content: `## दो अलग-अलग पासवर्ड रखें

**लॉगिन पासवर्ड** से ऐप खुलता है और **लेन-देन पासवर्ड** निकासी के समय माँगा जाता है। दोनों अलग रखें, ताकि किसी को एक पता चल जाए तब भी वह दोनों काम न कर सके। लेन-देन पासवर्ड **मेरा** में **सुरक्षा केंद्र** से सेट करें।

- कम से कम 8 अक्षर रखें। लंबा वाक्यांश याद रखना आसान और अनुमान लगाना कठिन होता है।
- किसी दूसरी वेबसाइट का पासवर्ड दोबारा कभी इस्तेमाल न करें।
- लॉगिन पासवर्ड बदलने पर आप हर डिवाइस से साइन आउट हो जाते हैं; अगर आपको लगे कि किसी और को पासवर्ड पता है, तो यह मददगार है।

## फ़िशिंग पहचानें

- हमारे कर्मचारी आपसे आपका पासवर्ड, सत्यापन कोड या वॉलेट का रिकवरी फ़्रेज़ **कभी नहीं** माँगेंगे। जो माँगे, वह धोखेबाज़ है।
- ऐप केवल उसी पते से खोलें जिस पर आपने रजिस्टर किया था, या होम स्क्रीन पर इंस्टॉल किए गए आइकन से। पासवर्ड डालने से पहले एड्रेस बार जाँच लें।
- सत्यापन कोड सिर्फ़ आपके लिए है। इसे किसी को न बताएँ और न फ़ॉरवर्ड करें, चाहे वह ख़ुद को सपोर्ट टीम का बताए।
- पक्के मुनाफ़े, "खाता अपग्रेड" या तुरंत सुरक्षा जाँच का वादा करने वाले संदेशों से सावधान रहें।
- वॉलेट से साइन इन करते समय केवल एक टेक्स्ट संदेश पर हस्ताक्षर माँगा जाता है। सिर्फ़ साइन इन के लिए कभी कोई लेन-देन या टोकन अनुमति स्वीकृत न करें।

## साझा डिवाइस पर

काम पूरा होने पर लॉग आउट करें (**मेरा**, फिर **लॉग आउट**)। लॉग आउट करने से आपका डेटा डिवाइस से हट जाता है।`,
  },
  ko: {
    title: '보안 수칙: 거래 비밀번호와 피싱 예방',
    content: `## 서로 다른 비밀번호 두 개를 사용하세요

**로그인 비밀번호**는 앱을 열 때, **거래 비밀번호**는 출금할 때 사용합니다. 두 비밀번호를 다르게 설정하면 누군가 하나를 알아내더라도 두 가지를 모두 할 수는 없습니다. 거래 비밀번호는 **마이**의 **보안 센터**에서 설정하세요.

- 8자 이상을 사용하세요. 긴 문장형 비밀번호가 기억하기 쉽고 추측하기 어렵습니다.
- 다른 웹사이트의 비밀번호를 재사용하지 마세요.
- 로그인 비밀번호를 바꾸면 모든 기기에서 로그아웃됩니다. 다른 사람이 비밀번호를 안다고 의심될 때 유용합니다.

## 피싱 구별하기

- 저희 직원은 비밀번호, 인증 코드, 지갑 복구 문구를 **절대** 요구하지 않습니다. 요구하는 사람은 사기꾼입니다.
- 가입할 때 사용한 주소나 홈 화면에 설치한 아이콘으로만 앱을 여세요. 비밀번호를 입력하기 전에 주소창을 확인하세요.
- 인증 코드는 본인만 사용해야 합니다. 고객센터라고 주장하는 사람에게도 불러 주거나 전달하지 마세요.
- 확정 수익, "계정 업그레이드", 긴급 보안 점검을 내세우는 메시지를 조심하세요.
- 지갑 로그인은 텍스트 메시지에 서명만 요청합니다. 로그인만 하면서 거래나 토큰 권한을 승인하지 마세요.

## 공용 기기에서는

사용을 마치면 로그아웃하세요(**마이** → **로그아웃**). 로그아웃하면 기기에서 회원님의 데이터가 삭제됩니다.`,
  },
  ja: {
    title: 'セキュリティのヒント：取引パスワードとフィッシング対策',
    content: `## 2つの異なるパスワードを使う

**ログインパスワード**はアプリを開くとき、**取引パスワード**は出金のときに使います。両者を別のものにしておけば、どちらか一方を知られても両方の操作はできません。取引パスワードは**マイページ**の**セキュリティセンター**で設定できます。

- 8文字以上にしましょう。長いフレーズは覚えやすく、推測されにくくなります。
- 他のウェブサイトのパスワードを使い回さないでください。
- ログインパスワードを変更すると、すべての端末でログアウトされます。他人に知られたかもしれないときに役立ちます。

## フィッシングを見分ける

- 当社のスタッフがパスワード、認証コード、ウォレットのリカバリーフレーズを尋ねることは**絶対に**ありません。尋ねてくる相手は詐欺師です。
- アプリは登録したアドレスか、ホーム画面に追加したアイコンからのみ開いてください。パスワードを入力する前にアドレスバーを確認しましょう。
- 認証コードはご本人専用です。サポートを名乗る相手であっても、読み上げたり転送したりしないでください。
- 確実な利益、「アカウントのアップグレード」、緊急のセキュリティ確認をうたうメッセージには注意してください。
- ウォレットでのログインで求められるのはテキストメッセージへの署名だけです。ログインのためだけに取引やトークンの承認を許可しないでください。

## 共用の端末では

使い終わったらログアウトしてください（**マイページ** →**ログアウト**）。ログアウトすると端末からあなたのデータが削除されます。`,
  },
  pt: {
    title: 'Dicas de segurança: senha de transação e phishing',
    content: `## Use duas senhas diferentes

A **senha de login** abre o aplicativo; a **senha de transação** é pedida nos saques. Deixe-as diferentes, para que quem descobrir uma não consiga fazer as duas coisas. Defina a senha de transação na **Central de segurança**, em **Minha conta**.

- Use pelo menos 8 caracteres. Uma frase longa é mais fácil de lembrar e mais difícil de adivinhar.
- Nunca reutilize uma senha de outro site.
- Trocar a senha de login encerra sua sessão em todos os dispositivos, o que ajuda se você achar que outra pessoa a conhece.

## Reconheça o phishing

- Nossa equipe **nunca** vai pedir suas senhas, seus códigos de verificação ou a frase de recuperação da sua carteira. Quem pedir é golpista.
- Abra o aplicativo apenas pelo endereço em que você se cadastrou ou pelo ícone instalado na tela inicial. Confira a barra de endereço antes de digitar uma senha.
- O código de verificação é só seu. Não o dite nem o encaminhe a ninguém, mesmo a quem diga ser do suporte.
- Desconfie de mensagens que prometem lucro garantido, "upgrade de conta" ou verificações de segurança urgentes.
- Entrar com uma carteira só pede a assinatura de uma mensagem de texto. Nunca aprove uma transação ou permissão de token apenas para entrar.

## Em um dispositivo compartilhado

Saia da conta ao terminar (**Minha conta** e depois **Sair**). Ao sair, seus dados são removidos do dispositivo.`,
  },
  vi: {
    title: 'Mẹo bảo mật: mật khẩu giao dịch và lừa đảo phishing',
    content: `## Dùng hai mật khẩu khác nhau

**Mật khẩu đăng nhập** dùng để mở ứng dụng; **mật khẩu giao dịch** được yêu cầu khi rút tiền. Hãy đặt hai mật khẩu khác nhau để người biết được một mật khẩu vẫn không thể làm cả hai việc. Đặt mật khẩu giao dịch trong **Trung tâm bảo mật** ở mục **Của tôi**.

- Dùng ít nhất 8 ký tự. Một cụm từ dài vừa dễ nhớ vừa khó đoán.
- Không bao giờ dùng lại mật khẩu của trang web khác.
- Đổi mật khẩu đăng nhập sẽ đăng xuất bạn trên mọi thiết bị, rất hữu ích nếu bạn nghi người khác biết mật khẩu.

## Nhận biết lừa đảo

- Nhân viên của chúng tôi **không bao giờ** hỏi mật khẩu, mã xác minh hay cụm từ khôi phục ví của bạn. Ai hỏi những thông tin đó đều là kẻ lừa đảo.
- Chỉ mở ứng dụng từ địa chỉ bạn đã dùng để đăng ký, hoặc từ biểu tượng đã cài trên màn hình chính. Kiểm tra thanh địa chỉ trước khi nhập mật khẩu.
- Mã xác minh chỉ dành cho riêng bạn. Đừng đọc hay chuyển tiếp cho bất kỳ ai, kể cả người tự nhận là bộ phận hỗ trợ.
- Cảnh giác với tin nhắn hứa hẹn lợi nhuận chắc chắn, "nâng cấp tài khoản" hay kiểm tra bảo mật khẩn cấp.
- Đăng nhập bằng ví chỉ yêu cầu ký một thông điệp văn bản. Đừng bao giờ phê duyệt giao dịch hay quyền sử dụng token chỉ để đăng nhập.

## Trên thiết bị dùng chung

Hãy đăng xuất khi dùng xong (**Của tôi**, rồi **Đăng xuất**). Đăng xuất sẽ xóa dữ liệu của bạn khỏi thiết bị.`,
  },
  id: {
    title: 'Tips keamanan: kata sandi transaksi dan phishing',
    content: `## Gunakan dua kata sandi yang berbeda

**Kata sandi login** untuk membuka aplikasi; **kata sandi transaksi** diminta saat Anda menarik dana. Buat keduanya berbeda, agar orang yang mengetahui salah satunya tetap tidak bisa melakukan keduanya. Atur kata sandi transaksi di **Pusat keamanan** pada menu **Saya**.

- Gunakan minimal 8 karakter. Frasa yang panjang lebih mudah diingat dan lebih sulit ditebak.
- Jangan pernah memakai ulang kata sandi dari situs lain.
- Mengganti kata sandi login akan mengeluarkan Anda dari semua perangkat, berguna jika Anda curiga orang lain mengetahuinya.

## Kenali phishing

- Staf kami **tidak pernah** meminta kata sandi, kode verifikasi, atau frasa pemulihan dompet Anda. Siapa pun yang memintanya adalah penipu.
- Buka aplikasi hanya dari alamat tempat Anda mendaftar, atau dari ikon yang Anda pasang di layar utama. Periksa bilah alamat sebelum mengetik kata sandi.
- Kode verifikasi hanya untuk Anda. Jangan membacakan atau meneruskannya kepada siapa pun, meskipun ia mengaku sebagai layanan pelanggan.
- Waspadai pesan yang menjanjikan keuntungan pasti, "peningkatan akun", atau pemeriksaan keamanan mendesak.
- Masuk dengan dompet hanya meminta Anda menandatangani pesan teks. Jangan pernah menyetujui transaksi atau izin token hanya untuk masuk.

## Di perangkat bersama

Keluar setelah selesai (**Saya**, lalu **Keluar**). Keluar akan menghapus data Anda dari perangkat.`,
  },
}
