/**
 * Server messages of account recovery (issue 24 part 7: forgot password), in the ten interface languages: the code
 * to reset a password, and what an address without an account receives instead (so the API's answer does not tell a
 * stranger which addresses have accounts). `{site}`, `{code}` and `{minutes}` are filled in.
 */
import type { MessageTable } from './table'

export const RECOVERY_MESSAGES = {
  en: {
    resetMailSubject: '{site} password reset code',
    resetMailBody:
      'Your code to reset your {site} password is {code}. It is valid for {minutes} minutes.\n\n' +
      'Never share this code with anyone: our staff will never ask you for it. If you did not ask to reset your password, ignore this message: your password stays as it is.',
    resetSmsBody:
      '[{site}] Your password reset code is {code}, valid for {minutes} minutes. Do not share it with anyone.',
    noAccountMailSubject: 'Your {site} password reset request',
    noAccountMailBody:
      'Someone asked to reset the {site} password of an account with this e-mail address, but no account uses it. If it was you, you may have signed up with another address or with your phone number.\n\nIf it was not you, you can ignore this message.',
    noAccountSmsBody:
      '[{site}] A password reset was asked for this phone number, but no account uses it. If it was not you, ignore this message.',
  },
  'zh-CN': {
    resetMailSubject: '{site} 重置密码验证码',
    resetMailBody:
      '您重置 {site} 密码的验证码是 {code}，{minutes} 分钟内有效。\n\n请勿向任何人透露此验证码，我们的工作人员绝不会向您索取。如果您没有申请重置密码，请忽略此邮件，您的密码不会改变。',
    resetSmsBody: '【{site}】您的重置密码验证码是 {code}，{minutes} 分钟内有效。请勿告知他人。',
    noAccountMailSubject: '您的 {site} 重置密码申请',
    noAccountMailBody:
      '有人申请重置使用此邮箱的 {site} 账户密码，但没有账户使用该邮箱。如果是您本人操作，您可能是用其他邮箱或手机号注册的。\n\n如果不是您本人操作，请忽略此邮件。',
    noAccountSmsBody: '【{site}】有人为此手机号申请重置密码，但没有账户使用该号码。如非本人操作，请忽略此短信。',
  },
  'zh-TW': {
    resetMailSubject: '{site} 重設密碼驗證碼',
    resetMailBody:
      '您重設 {site} 密碼的驗證碼是 {code}，{minutes} 分鐘內有效。\n\n請勿向任何人透露此驗證碼，我們的工作人員絕不會向您索取。如果您沒有申請重設密碼，請忽略此郵件，您的密碼不會改變。',
    resetSmsBody: '【{site}】您的重設密碼驗證碼是 {code}，{minutes} 分鐘內有效。請勿告知他人。',
    noAccountMailSubject: '您的 {site} 重設密碼申請',
    noAccountMailBody:
      '有人申請重設使用此電子郵件的 {site} 帳戶密碼，但沒有帳戶使用這個電子郵件。如果是您本人操作，您可能是用其他電子郵件或手機號碼註冊的。\n\n如果不是您本人操作，請忽略此郵件。',
    noAccountSmsBody: '【{site}】有人為此手機號碼申請重設密碼，但沒有帳戶使用這個號碼。如非本人操作，請忽略此簡訊。',
  },
  es: {
    resetMailSubject: 'Código para restablecer tu contraseña de {site}',
    resetMailBody:
      'Tu código para restablecer la contraseña de {site} es {code}. Es válido durante {minutes} minutos.\n\n' +
      'No compartas este código con nadie: nuestro equipo nunca te lo pedirá. Si no pediste restablecer tu contraseña, ignora este mensaje: tu contraseña no cambia.',
    resetSmsBody:
      '[{site}] Tu código para restablecer la contraseña es {code}, válido durante {minutes} minutos. No lo compartas con nadie.',
    noAccountMailSubject: 'Tu solicitud de restablecimiento de contraseña en {site}',
    noAccountMailBody:
      'Alguien pidió restablecer la contraseña de {site} de una cuenta con esta dirección de correo, pero ninguna cuenta la usa. Si fuiste tú, quizá te registraste con otra dirección o con tu número de teléfono.\n\nSi no fuiste tú, puedes ignorar este mensaje.',
    noAccountSmsBody:
      '[{site}] Se pidió restablecer una contraseña para este número, pero ninguna cuenta lo usa. Si no fuiste tú, ignora este mensaje.',
  },
  hi: {
    resetMailSubject: '{site} पासवर्ड रीसेट कोड',
    resetMailBody:
      'आपका {site} पासवर्ड रीसेट करने का कोड {code} है। यह {minutes} मिनट तक मान्य है।\n\n' +
      'यह कोड किसी के साथ साझा न करें: हमारी टीम इसे कभी नहीं माँगेगी। अगर आपने पासवर्ड रीसेट करने का अनुरोध नहीं किया, तो इस संदेश को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
    resetSmsBody: '[{site}] आपका पासवर्ड रीसेट कोड {code} है, {minutes} मिनट तक मान्य। इसे किसी के साथ साझा न करें।',
    noAccountMailSubject: 'आपका {site} पासवर्ड रीसेट अनुरोध',
    noAccountMailBody:
      'किसी ने इस ईमेल पते वाले {site} खाते का पासवर्ड रीसेट करने का अनुरोध किया, लेकिन कोई भी खाता इस पते का उपयोग नहीं करता। अगर यह आप थे, तो हो सकता है आपने किसी दूसरे पते या अपने फ़ोन नंबर से साइन अप किया हो।\n\nअगर यह आप नहीं थे, तो इस संदेश को अनदेखा कर सकते हैं।',
    noAccountSmsBody:
      '[{site}] इस फ़ोन नंबर के लिए पासवर्ड रीसेट का अनुरोध किया गया, लेकिन कोई भी खाता इस नंबर का उपयोग नहीं करता। अगर यह आप नहीं थे, तो इसे अनदेखा करें।',
  },
  ko: {
    resetMailSubject: '{site} 비밀번호 재설정 코드',
    resetMailBody:
      '{site} 비밀번호 재설정 코드는 {code}입니다. {minutes}분 동안 유효합니다.\n\n' +
      '이 코드를 누구에게도 알려 주지 마세요. 저희 직원은 절대 코드를 요구하지 않습니다. 비밀번호 재설정을 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
    resetSmsBody: '[{site}] 비밀번호 재설정 코드는 {code}이며 {minutes}분간 유효합니다. 누구에게도 알려 주지 마세요.',
    noAccountMailSubject: '{site} 비밀번호 재설정 요청',
    noAccountMailBody:
      '누군가 이 이메일 주소로 된 {site} 계정의 비밀번호 재설정을 요청했지만, 이 주소를 사용하는 계정이 없습니다. 본인이 요청했다면 다른 주소나 휴대폰 번호로 가입했을 수 있습니다.\n\n본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
    noAccountSmsBody:
      '[{site}] 이 휴대폰 번호로 비밀번호 재설정이 요청되었지만 이 번호를 사용하는 계정이 없습니다. 본인이 아니라면 무시하세요.',
  },
  ja: {
    resetMailSubject: '{site} パスワード再設定コード',
    resetMailBody:
      '{site} のパスワードを再設定するためのコードは {code} です。有効期限は {minutes} 分です。\n\n' +
      'このコードは誰にも教えないでください。当社のスタッフがコードをお尋ねすることはありません。パスワードの再設定を申請していない場合は、このメールを無視してください。パスワードは変更されません。',
    resetSmsBody: '【{site}】パスワード再設定コードは {code} です（{minutes} 分間有効）。誰にも教えないでください。',
    noAccountMailSubject: '{site} パスワード再設定のお申し込み',
    noAccountMailBody:
      'このメールアドレスの {site} アカウントのパスワード再設定が申請されましたが、このアドレスを使っているアカウントはありません。ご本人の場合は、別のアドレスまたは電話番号で登録された可能性があります。\n\nお心当たりがない場合は、このメールを無視してください。',
    noAccountSmsBody:
      '【{site}】この電話番号でパスワード再設定が申請されましたが、この番号を使っているアカウントはありません。お心当たりがない場合は無視してください。',
  },
  pt: {
    resetMailSubject: 'Código para redefinir sua senha da {site}',
    resetMailBody:
      'Seu código para redefinir a senha da {site} é {code}. Ele vale por {minutes} minutos.\n\n' +
      'Nunca compartilhe este código com ninguém: nossa equipe nunca vai pedi-lo. Se você não pediu para redefinir sua senha, ignore esta mensagem: sua senha continua a mesma.',
    resetSmsBody:
      '[{site}] Seu código para redefinir a senha é {code}, válido por {minutes} minutos. Não compartilhe com ninguém.',
    noAccountMailSubject: 'Seu pedido de redefinição de senha na {site}',
    noAccountMailBody:
      'Alguém pediu para redefinir a senha da {site} de uma conta com este e-mail, mas nenhuma conta usa este endereço. Se foi você, talvez tenha se cadastrado com outro endereço ou com seu número de telefone.\n\nSe não foi você, pode ignorar esta mensagem.',
    noAccountSmsBody:
      '[{site}] Foi pedida a redefinição de senha para este número, mas nenhuma conta o usa. Se não foi você, ignore esta mensagem.',
  },
  vi: {
    resetMailSubject: 'Mã đặt lại mật khẩu {site}',
    resetMailBody:
      'Mã để đặt lại mật khẩu {site} của bạn là {code}. Mã có hiệu lực trong {minutes} phút.\n\n' +
      'Đừng chia sẻ mã này với bất kỳ ai: nhân viên của chúng tôi sẽ không bao giờ hỏi mã. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua thư này: mật khẩu của bạn vẫn giữ nguyên.',
    resetSmsBody:
      '[{site}] Mã đặt lại mật khẩu của bạn là {code}, có hiệu lực {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
    noAccountMailSubject: 'Yêu cầu đặt lại mật khẩu {site} của bạn',
    noAccountMailBody:
      'Có người yêu cầu đặt lại mật khẩu {site} của tài khoản dùng địa chỉ email này, nhưng không có tài khoản nào dùng địa chỉ này. Nếu là bạn, có thể bạn đã đăng ký bằng địa chỉ khác hoặc bằng số điện thoại.\n\nNếu không phải bạn, bạn có thể bỏ qua thư này.',
    noAccountSmsBody:
      '[{site}] Có yêu cầu đặt lại mật khẩu cho số điện thoại này, nhưng không có tài khoản nào dùng số này. Nếu không phải bạn, hãy bỏ qua.',
  },
  id: {
    resetMailSubject: 'Kode atur ulang kata sandi {site}',
    resetMailBody:
      'Kode untuk mengatur ulang kata sandi {site} Anda adalah {code}. Kode berlaku selama {minutes} menit.\n\n' +
      'Jangan bagikan kode ini kepada siapa pun: staf kami tidak akan pernah memintanya. Jika Anda tidak meminta atur ulang kata sandi, abaikan pesan ini: kata sandi Anda tetap sama.',
    resetSmsBody:
      '[{site}] Kode atur ulang kata sandi Anda adalah {code}, berlaku {minutes} menit. Jangan bagikan kepada siapa pun.',
    noAccountMailSubject: 'Permintaan atur ulang kata sandi {site} Anda',
    noAccountMailBody:
      'Seseorang meminta atur ulang kata sandi {site} untuk akun dengan alamat email ini, tetapi tidak ada akun yang memakainya. Jika itu Anda, mungkin Anda mendaftar dengan alamat lain atau dengan nomor ponsel.\n\nJika bukan Anda, abaikan saja pesan ini.',
    noAccountSmsBody:
      '[{site}] Ada permintaan atur ulang kata sandi untuk nomor ini, tetapi tidak ada akun yang memakainya. Jika bukan Anda, abaikan pesan ini.',
  },
} as const satisfies MessageTable
