/** Help article: how to register and verify your identity (seeded once; operators may edit it). */
import type { LocalizedMarkdown } from './types'

export const HELP_ACCOUNT: LocalizedMarkdown = {
  en: {
    title: 'How to register and verify your identity',
    content: `## Create an account

1. Open **Mine** and tap **Register**.
2. Choose e-mail or phone. For a phone number, pick your calling code first: the list can be searched by country name or by code.
3. Request a verification code and enter the 6 digits you receive. A code is valid for 10 minutes.
4. Choose a login password of at least 8 characters and enter it twice. Very common passwords are refused.
5. Enter an invitation code if you have one (the platform may require it), accept the user protocol and confirm.

You can also sign in with a crypto wallet: choose the wallet option on the login screen and sign the message your wallet shows. Signing is free and moves no funds.

## Verify your identity

Verification has two tiers, both under **Mine**:

- **Basic**: your full name, ID number, city and e-mail.
- **Advanced**: an ID card or a driver's licence, with a photo of the front, a photo of the back and a selfie holding the document.

While we check your documents the status is **In review**. It then becomes **Verified**, or **Verify again** with the reason, so you can correct the problem and submit again.

Photos must be JPEG or PNG files of at most 5 MB. Keep all four corners of the document in the picture and make sure the text is sharp.`,
  },
  'zh-CN': {
    title: '如何注册并完成身份认证',
    content: `## 创建账户

1. 打开 **我的**，点击 **注册**。
2. 选择邮箱或手机号。使用手机号时，请先选择国际区号：列表可按国家名称或区号搜索。
3. 获取验证码并输入收到的 6 位数字。验证码 10 分钟内有效。
4. 设置至少 8 个字符的登录密码，并输入两次。过于常见的密码无法使用。
5. 如有邀请码请填写（平台可能要求必须填写），同意用户协议后确认。

您也可以使用加密钱包登录：在登录页选择钱包登录，并签署钱包中显示的消息。签名不收取任何费用，也不会转移资金。

## 身份认证

认证分为两个级别，均在 **我的** 中进行：

- **初级认证**：真实姓名、证件号码、所在城市和邮箱。
- **高级认证**：身份证或驾驶证，需上传证件正面照、反面照以及手持证件的自拍照。

审核期间状态显示为 **审核中**，之后会变为 **已认证**，或显示 **重新认证** 及原因，您可以修改后重新提交。

照片须为 JPEG 或 PNG 格式，大小不超过 5 MB。请确保证件四角完整入镜，文字清晰可辨。`,
  },
  'zh-TW': {
    title: '如何註冊並完成身分驗證',
    content: `## 建立帳戶

1. 開啟 **我的**，點選 **註冊**。
2. 選擇電子郵件或手機號碼。使用手機號碼時，請先選擇國際區碼：清單可依國家名稱或區碼搜尋。
3. 取得驗證碼並輸入收到的 6 位數字。驗證碼 10 分鐘內有效。
4. 設定至少 8 個字元的登入密碼，並輸入兩次。過於常見的密碼無法使用。
5. 如有邀請碼請填寫（平台可能要求必填），同意使用者協議後確認。

您也可以使用加密錢包登入：在登入頁選擇錢包登入，並簽署錢包中顯示的訊息。簽署不收取任何費用，也不會移動資金。

## 身分驗證

驗證分為兩個等級，皆在 **我的** 中進行：

- **初級驗證**：真實姓名、證件號碼、所在城市與電子郵件。
- **進階驗證**：身分證或駕照，需上傳證件正面照、背面照以及手持證件的自拍照。

審核期間狀態顯示為 **審核中**，之後會變為 **已驗證**，或顯示 **重新驗證** 及原因，您可以修正後重新送出。

照片須為 JPEG 或 PNG 格式，大小不超過 5 MB。請確保證件四個角完整入鏡，文字清晰可辨。`,
  },
  es: {
    title: 'Cómo registrarte y verificar tu identidad',
    content: `## Crea una cuenta

1. Abre **Mi cuenta** y toca **Registrarse**.
2. Elige correo electrónico o teléfono. Para un teléfono, elige primero el prefijo del país: puedes buscarlo por nombre del país o por código.
3. Solicita un código de verificación e introduce los 6 dígitos que recibas. El código es válido durante 10 minutos.
4. Elige una contraseña de acceso de al menos 8 caracteres e introdúcela dos veces. Las contraseñas demasiado comunes no se aceptan.
5. Introduce un código de invitación si tienes uno (la plataforma puede exigirlo), acepta el protocolo de usuario y confirma.

También puedes entrar con una billetera cripto: elige la opción de billetera en la pantalla de inicio de sesión y firma el mensaje que muestre tu billetera. Firmar es gratis y no mueve fondos.

## Verifica tu identidad

La verificación tiene dos niveles, ambos en **Mi cuenta**:

- **Básica**: tu nombre completo, número de documento, ciudad y correo electrónico.
- **Avanzada**: un documento de identidad o un permiso de conducir, con una foto del anverso, una del reverso y un selfi sosteniendo el documento.

Mientras revisamos tus documentos, el estado es **En revisión**. Después pasa a **Verificado**, o a **Volver a verificar** con el motivo, para que puedas corregirlo y enviarlo de nuevo.

Las fotos deben ser archivos JPEG o PNG de 5 MB como máximo. Procura que se vean las cuatro esquinas del documento y que el texto sea nítido.`,
  },
  hi: {
    title: 'रजिस्टर कैसे करें और अपनी पहचान कैसे सत्यापित करें',
    content: `## खाता बनाएँ

1. **मेरा** खोलें और **रजिस्टर** पर टैप करें।
2. ई-मेल या फ़ोन चुनें। फ़ोन नंबर के लिए पहले अपना देश कोड चुनें: सूची में देश के नाम या कोड से खोज सकते हैं।
3. सत्यापन कोड मँगाएँ और मिले हुए 6 अंक डालें। कोड 10 मिनट तक मान्य रहता है।
4. कम से कम 8 अक्षरों का लॉगिन पासवर्ड चुनें और उसे दो बार डालें। बहुत आम पासवर्ड स्वीकार नहीं किए जाते।
5. अगर आपके पास आमंत्रण कोड है तो डालें (प्लैटफ़ॉर्म इसे अनिवार्य कर सकता है), उपयोगकर्ता समझौता स्वीकार करें और पुष्टि करें।

आप क्रिप्टो वॉलेट से भी साइन इन कर सकते हैं: लॉगिन स्क्रीन पर वॉलेट विकल्प चुनें और वॉलेट में दिखाए गए संदेश पर हस्ताक्षर करें। हस्ताक्षर करना मुफ़्त है और इससे कोई राशि नहीं भेजी जाती।

## अपनी पहचान सत्यापित करें

सत्यापन के दो स्तर हैं, दोनों **मेरा** में मिलते हैं:

- **बेसिक**: आपका पूरा नाम, पहचान पत्र संख्या, शहर और ई-मेल।
- **एडवांस्ड**: पहचान पत्र या ड्राइविंग लाइसेंस, जिसमें सामने की फ़ोटो, पीछे की फ़ोटो और दस्तावेज़ हाथ में लेकर एक सेल्फ़ी।

जब तक हम आपके दस्तावेज़ जाँचते हैं, स्थिति **समीक्षा में** रहती है। फिर यह **सत्यापित** हो जाती है, या कारण के साथ **फिर से सत्यापित करें** दिखाती है, ताकि आप समस्या ठीक करके दोबारा जमा कर सकें।

फ़ोटो JPEG या PNG फ़ाइल हो और 5 MB से बड़ी न हो। दस्तावेज़ के चारों कोने फ़ोटो में दिखें और लिखावट साफ़ पढ़ी जा सके।`,
  },
  ko: {
    title: '회원가입 및 본인 인증 방법',
    content: `## 계정 만들기

1. **마이**를 열고 **회원가입**을 누르세요.
2. 이메일 또는 휴대폰을 선택하세요. 휴대폰 번호는 먼저 국가 번호를 고르세요. 목록은 국가 이름이나 번호로 검색할 수 있습니다.
3. 인증 코드를 요청하고 받은 6자리 숫자를 입력하세요. 코드는 10분 동안 유효합니다.
4. 8자 이상의 로그인 비밀번호를 정하고 두 번 입력하세요. 너무 흔한 비밀번호는 사용할 수 없습니다.
5. 초대 코드가 있으면 입력하고(플랫폼에서 필수로 요구할 수 있습니다), 이용 약관에 동의한 뒤 확인하세요.

암호화폐 지갑으로도 로그인할 수 있습니다. 로그인 화면에서 지갑 로그인을 선택하고 지갑에 표시되는 메시지에 서명하세요. 서명은 무료이며 자금이 이동하지 않습니다.

## 본인 인증

인증은 두 단계이며 모두 **마이**에서 진행합니다.

- **기본 인증**: 실명, 신분증 번호, 도시, 이메일.
- **고급 인증**: 신분증 또는 운전면허증의 앞면 사진, 뒷면 사진, 그리고 신분증을 들고 찍은 셀카.

서류를 검토하는 동안 상태는 **심사 중**으로 표시됩니다. 이후 **인증 완료**로 바뀌거나, 사유와 함께 **재인증**으로 표시되어 문제를 고친 뒤 다시 제출할 수 있습니다.

사진은 5MB 이하의 JPEG 또는 PNG 파일이어야 합니다. 신분증의 네 모서리가 모두 보이고 글자가 선명하게 나오도록 찍어 주세요.`,
  },
  ja: {
    title: '登録と本人確認の方法',
    content: `## アカウントを作成する

1. **マイページ**を開き、**新規登録**をタップします。
2. メールアドレスか電話番号を選びます。電話番号の場合は、先に国番号を選んでください。リストは国名や番号で検索できます。
3. 認証コードを請求し、届いた6桁の数字を入力します。コードの有効期限は10分です。
4. 8文字以上のログインパスワードを決め、2回入力します。よく使われるパスワードは設定できません。
5. 招待コードがあれば入力し（必須の場合があります）、利用規約に同意して確定します。

暗号資産ウォレットでもログインできます。ログイン画面でウォレットを選び、ウォレットに表示されるメッセージに署名してください。署名は無料で、資金は移動しません。

## 本人確認を行う

本人確認は2段階で、どちらも**マイページ**から行えます。

- **基本認証**：氏名、身分証番号、都市、メールアドレス。
- **上級認証**：身分証明書または運転免許証の表面・裏面の写真と、書類を手に持ったセルフィー。

書類の確認中はステータスが**審査中**になります。その後**認証済み**になるか、理由とともに**再認証**と表示されますので、内容を修正して再提出してください。

写真は5MB以下のJPEGまたはPNGファイルにしてください。書類の四隅がすべて写り、文字がはっきり読めるように撮影してください。`,
  },
  pt: {
    title: 'Como se cadastrar e verificar sua identidade',
    content: `## Crie uma conta

1. Abra **Minha conta** e toque em **Cadastrar**.
2. Escolha e-mail ou telefone. Para telefone, escolha primeiro o código do país: a lista pode ser pesquisada pelo nome do país ou pelo código.
3. Peça um código de verificação e digite os 6 dígitos recebidos. O código vale por 10 minutos.
4. Escolha uma senha de login com pelo menos 8 caracteres e digite-a duas vezes. Senhas muito comuns são recusadas.
5. Informe um código de convite, se tiver (a plataforma pode exigir), aceite o protocolo do usuário e confirme.

Você também pode entrar com uma carteira cripto: escolha a opção de carteira na tela de login e assine a mensagem que a carteira mostrar. Assinar é gratuito e não movimenta fundos.

## Verifique sua identidade

A verificação tem dois níveis, ambos em **Minha conta**:

- **Básica**: nome completo, número do documento, cidade e e-mail.
- **Avançada**: carteira de identidade ou carteira de motorista, com uma foto da frente, uma do verso e uma selfie segurando o documento.

Enquanto analisamos seus documentos, o status fica **Em análise**. Depois passa para **Verificado**, ou para **Verificar novamente** com o motivo, para que você corrija o problema e envie de novo.

As fotos devem ser arquivos JPEG ou PNG de no máximo 5 MB. Mantenha os quatro cantos do documento na imagem e o texto nítido.`,
  },
  vi: {
    title: 'Cách đăng ký và xác minh danh tính',
    content: `## Tạo tài khoản

1. Mở **Của tôi** và chạm vào **Đăng ký**.
2. Chọn email hoặc số điện thoại. Với số điện thoại, hãy chọn mã quốc gia trước: có thể tìm trong danh sách theo tên quốc gia hoặc theo mã.
3. Yêu cầu mã xác minh và nhập 6 chữ số bạn nhận được. Mã có hiệu lực trong 10 phút.
4. Đặt mật khẩu đăng nhập tối thiểu 8 ký tự và nhập lại hai lần. Mật khẩu quá phổ biến sẽ không được chấp nhận.
5. Nhập mã mời nếu có (nền tảng có thể yêu cầu bắt buộc), đồng ý với thỏa thuận người dùng và xác nhận.

Bạn cũng có thể đăng nhập bằng ví tiền mã hóa: chọn đăng nhập bằng ví trên màn hình đăng nhập và ký thông điệp mà ví hiển thị. Việc ký hoàn toàn miễn phí và không chuyển bất kỳ khoản tiền nào.

## Xác minh danh tính

Xác minh có hai cấp, đều nằm trong **Của tôi**:

- **Cơ bản**: họ tên đầy đủ, số giấy tờ tùy thân, thành phố và email.
- **Nâng cao**: căn cước công dân hoặc giấy phép lái xe, kèm ảnh mặt trước, ảnh mặt sau và ảnh selfie cầm giấy tờ.

Trong lúc chúng tôi kiểm tra hồ sơ, trạng thái là **Đang xét duyệt**. Sau đó trạng thái chuyển thành **Đã xác minh**, hoặc **Xác minh lại** kèm lý do để bạn sửa và gửi lại.

Ảnh phải là tệp JPEG hoặc PNG, tối đa 5 MB. Hãy chụp đủ bốn góc của giấy tờ và chữ phải rõ nét.`,
  },
  id: {
    title: 'Cara mendaftar dan memverifikasi identitas',
    content: `## Buat akun

1. Buka **Saya** lalu ketuk **Daftar**.
2. Pilih email atau nomor ponsel. Untuk nomor ponsel, pilih dulu kode negara: daftar bisa dicari berdasarkan nama negara atau kodenya.
3. Minta kode verifikasi lalu masukkan 6 digit yang Anda terima. Kode berlaku selama 10 menit.
4. Buat kata sandi login minimal 8 karakter dan masukkan dua kali. Kata sandi yang terlalu umum akan ditolak.
5. Masukkan kode undangan jika ada (platform dapat mewajibkannya), setujui perjanjian pengguna, lalu konfirmasi.

Anda juga bisa masuk dengan dompet kripto: pilih opsi dompet di layar login dan tanda tangani pesan yang ditampilkan dompet Anda. Penandatanganan gratis dan tidak memindahkan dana apa pun.

## Verifikasi identitas

Verifikasi terdiri dari dua tingkat, keduanya ada di **Saya**:

- **Dasar**: nama lengkap, nomor identitas, kota, dan email.
- **Lanjutan**: KTP atau SIM, dengan foto bagian depan, foto bagian belakang, dan swafoto sambil memegang dokumen.

Selama kami memeriksa dokumen Anda, statusnya **Sedang ditinjau**. Setelah itu berubah menjadi **Terverifikasi**, atau **Verifikasi ulang** beserta alasannya, sehingga Anda bisa memperbaikinya dan mengirim ulang.

Foto harus berupa file JPEG atau PNG maksimal 5 MB. Pastikan keempat sudut dokumen terlihat dan tulisannya tajam.`,
  },
}
