/**
 * Server messages of the user's session list (issue 24 part 7), in the ten interface languages: how a session's
 * device is named from its browser and system (`{browser}`, `{os}` are names such as "Chrome" and "Android"), and
 * the refusal of an id that is not a live session of the caller (the same for another user's, so it tells nothing).
 */
import type { MessageTable } from './table'

export const SESSION_MESSAGES = {
  en: {
    sessionNotFound: 'Session not found or already signed out',
    deviceOn: '{browser} on {os}',
    deviceUnknown: 'Unknown device',
  },
  'zh-CN': {
    sessionNotFound: '登录会话不存在或已退出登录',
    deviceOn: '{os} 上的 {browser}',
    deviceUnknown: '未知设备',
  },
  'zh-TW': {
    sessionNotFound: '登入工作階段不存在或已登出',
    deviceOn: '{os} 上的 {browser}',
    deviceUnknown: '未知裝置',
  },
  es: {
    sessionNotFound: 'La sesión no existe o ya se cerró',
    deviceOn: '{browser} en {os}',
    deviceUnknown: 'Dispositivo desconocido',
  },
  hi: {
    sessionNotFound: 'लॉगिन सेशन नहीं मिला या पहले ही लॉग आउट हो चुका है',
    deviceOn: '{os} पर {browser}',
    deviceUnknown: 'अज्ञात डिवाइस',
  },
  ko: {
    sessionNotFound: '로그인 세션을 찾을 수 없거나 이미 로그아웃되었습니다',
    deviceOn: '{os}의 {browser}',
    deviceUnknown: '알 수 없는 기기',
  },
  ja: {
    sessionNotFound: 'ログインセッションが見つからないか、すでにログアウトしています',
    deviceOn: '{os} の {browser}',
    deviceUnknown: '不明な端末',
  },
  pt: {
    sessionNotFound: 'Sessão não encontrada ou já encerrada',
    deviceOn: '{browser} no {os}',
    deviceUnknown: 'Dispositivo desconhecido',
  },
  vi: {
    sessionNotFound: 'Không tìm thấy phiên đăng nhập hoặc phiên đã đăng xuất',
    deviceOn: '{browser} trên {os}',
    deviceUnknown: 'Thiết bị không xác định',
  },
  id: {
    sessionNotFound: 'Sesi tidak ditemukan atau sudah keluar',
    deviceOn: '{browser} di {os}',
    deviceUnknown: 'Perangkat tidak dikenal',
  },
} as const satisfies MessageTable
