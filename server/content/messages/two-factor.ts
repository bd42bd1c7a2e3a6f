/**
 * Server messages of two-factor authentication (issue 24 part 7), in the ten interface languages: a sign-in or a
 * withdrawal that needs the authenticator's code, a wrong or already used code, and turning it on or off out of turn.
 */
import type { MessageTable } from './table'

export const TWO_FACTOR_MESSAGES = {
  en: {
    twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
    twoFactorWrong: 'The verification code is incorrect',
    twoFactorUsed: 'This code has already been used. Wait for the next code in your authenticator app',
    twoFactorAlreadyOn: 'Two-factor authentication is already on',
    twoFactorNotOn: 'Two-factor authentication is not on',
    twoFactorNoSetup: 'Start the setup again: scan the new QR code with your authenticator app',
  },
  'zh-CN': {
    twoFactorRequired: '请输入身份验证器应用中的 6 位验证码',
    twoFactorWrong: '验证码错误',
    twoFactorUsed: '该验证码已使用过，请等待身份验证器应用中的下一个验证码',
    twoFactorAlreadyOn: '双重验证已开启',
    twoFactorNotOn: '双重验证未开启',
    twoFactorNoSetup: '请重新开始设置：用身份验证器应用扫描新的二维码',
  },
  'zh-TW': {
    twoFactorRequired: '請輸入驗證器應用程式中的 6 位數驗證碼',
    twoFactorWrong: '驗證碼錯誤',
    twoFactorUsed: '此驗證碼已使用過，請等待驗證器應用程式中的下一組驗證碼',
    twoFactorAlreadyOn: '雙重驗證已開啟',
    twoFactorNotOn: '雙重驗證未開啟',
    twoFactorNoSetup: '請重新開始設定：以驗證器應用程式掃描新的 QR 碼',
  },
  es: {
    twoFactorRequired: 'Introduce el código de 6 dígitos de tu aplicación de autenticación',
    twoFactorWrong: 'El código de verificación es incorrecto',
    twoFactorUsed: 'Este código ya se ha usado. Espera al siguiente código de tu aplicación de autenticación',
    twoFactorAlreadyOn: 'La verificación en dos pasos ya está activada',
    twoFactorNotOn: 'La verificación en dos pasos no está activada',
    twoFactorNoSetup:
      'Vuelve a empezar la configuración: escanea el nuevo código QR con tu aplicación de autenticación',
  },
  hi: {
    twoFactorRequired: 'अपने ऑथेंटिकेटर ऐप का 6 अंकों का कोड दर्ज करें',
    twoFactorWrong: 'सत्यापन कोड गलत है',
    twoFactorUsed: 'यह कोड पहले ही इस्तेमाल हो चुका है। अपने ऑथेंटिकेटर ऐप में अगले कोड की प्रतीक्षा करें',
    twoFactorAlreadyOn: 'टू-फ़ैक्टर ऑथेंटिकेशन पहले से चालू है',
    twoFactorNotOn: 'टू-फ़ैक्टर ऑथेंटिकेशन चालू नहीं है',
    twoFactorNoSetup: 'सेटअप फिर से शुरू करें: नया QR कोड अपने ऑथेंटिकेटर ऐप से स्कैन करें',
  },
  ko: {
    twoFactorRequired: '인증 앱의 6자리 코드를 입력하세요',
    twoFactorWrong: '인증 코드가 올바르지 않습니다',
    twoFactorUsed: '이미 사용한 코드입니다. 인증 앱에서 다음 코드가 나올 때까지 기다려 주세요',
    twoFactorAlreadyOn: '2단계 인증이 이미 켜져 있습니다',
    twoFactorNotOn: '2단계 인증이 켜져 있지 않습니다',
    twoFactorNoSetup: '설정을 다시 시작하세요: 인증 앱으로 새 QR 코드를 스캔하세요',
  },
  ja: {
    twoFactorRequired: '認証アプリに表示される 6 桁のコードを入力してください',
    twoFactorWrong: '認証コードが正しくありません',
    twoFactorUsed: 'このコードは使用済みです。認証アプリに次のコードが表示されるまでお待ちください',
    twoFactorAlreadyOn: '2 段階認証はすでにオンです',
    twoFactorNotOn: '2 段階認証はオンになっていません',
    twoFactorNoSetup: '設定をやり直してください：新しい QR コードを認証アプリで読み取ってください',
  },
  pt: {
    twoFactorRequired: 'Digite o código de 6 dígitos do seu aplicativo autenticador',
    twoFactorWrong: 'O código de verificação está incorreto',
    twoFactorUsed: 'Este código já foi usado. Aguarde o próximo código no seu aplicativo autenticador',
    twoFactorAlreadyOn: 'A autenticação de dois fatores já está ativada',
    twoFactorNotOn: 'A autenticação de dois fatores não está ativada',
    twoFactorNoSetup: 'Recomece a configuração: leia o novo QR code com seu aplicativo autenticador',
  },
  vi: {
    twoFactorRequired: 'Nhập mã 6 chữ số từ ứng dụng xác thực của bạn',
    twoFactorWrong: 'Mã xác minh không đúng',
    twoFactorUsed: 'Mã này đã được sử dụng. Hãy chờ mã tiếp theo trong ứng dụng xác thực',
    twoFactorAlreadyOn: 'Xác thực hai yếu tố đã được bật',
    twoFactorNotOn: 'Xác thực hai yếu tố chưa được bật',
    twoFactorNoSetup: 'Hãy bắt đầu cài đặt lại: quét mã QR mới bằng ứng dụng xác thực',
  },
  id: {
    twoFactorRequired: 'Masukkan kode 6 digit dari aplikasi autentikator Anda',
    twoFactorWrong: 'Kode verifikasi salah',
    twoFactorUsed: 'Kode ini sudah digunakan. Tunggu kode berikutnya di aplikasi autentikator Anda',
    twoFactorAlreadyOn: 'Autentikasi dua faktor sudah aktif',
    twoFactorNotOn: 'Autentikasi dua faktor belum aktif',
    twoFactorNoSetup: 'Mulai ulang penyiapan: pindai kode QR baru dengan aplikasi autentikator Anda',
  },
} as const satisfies MessageTable
