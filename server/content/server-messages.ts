/**
 * The few messages the server writes into envelope `msg`, in the ten interface languages. The app shows a non-1
 * envelope's msg as is (spec §8), so these are user-facing text. Zod's own locales translate field problems.
 */
import type { Locale } from '../../common/constants'

/** Keys of the server's messages. */
export type ServerMessageKey = 'success' | 'invalidInput' | 'notFound' | 'announcementNotFound' | 'serverError'

const MESSAGES: Readonly<Record<Locale, Readonly<Record<ServerMessageKey, string>>>> = {
  en: {
    success: 'success',
    invalidInput: 'Invalid input',
    notFound: 'Not found',
    announcementNotFound: 'Announcement not found',
    serverError: 'Server error, please try again later',
  },
  'zh-CN': {
    success: '成功',
    invalidInput: '输入有误',
    notFound: '未找到',
    announcementNotFound: '公告不存在',
    serverError: '服务器错误，请稍后再试',
  },
  'zh-TW': {
    success: '成功',
    invalidInput: '輸入有誤',
    notFound: '找不到',
    announcementNotFound: '公告不存在',
    serverError: '伺服器錯誤，請稍後再試',
  },
  es: {
    success: 'éxito',
    invalidInput: 'Entrada no válida',
    notFound: 'No encontrado',
    announcementNotFound: 'El anuncio no existe',
    serverError: 'Error del servidor, inténtalo de nuevo más tarde',
  },
  hi: {
    success: 'सफल',
    invalidInput: 'अमान्य इनपुट',
    notFound: 'नहीं मिला',
    announcementNotFound: 'घोषणा मौजूद नहीं है',
    serverError: 'सर्वर त्रुटि, कृपया बाद में फिर से प्रयास करें',
  },
  ko: {
    success: '성공',
    invalidInput: '입력값이 올바르지 않습니다',
    notFound: '찾을 수 없습니다',
    announcementNotFound: '공지사항이 존재하지 않습니다',
    serverError: '서버 오류입니다. 잠시 후 다시 시도해 주세요',
  },
  ja: {
    success: '成功',
    invalidInput: '入力内容が正しくありません',
    notFound: '見つかりません',
    announcementNotFound: 'お知らせが存在しません',
    serverError: 'サーバーエラーです。しばらくしてから再度お試しください',
  },
  pt: {
    success: 'sucesso',
    invalidInput: 'Entrada inválida',
    notFound: 'Não encontrado',
    announcementNotFound: 'O anúncio não existe',
    serverError: 'Erro no servidor, tente novamente mais tarde',
  },
  vi: {
    success: 'thành công',
    invalidInput: 'Dữ liệu nhập không hợp lệ',
    notFound: 'Không tìm thấy',
    announcementNotFound: 'Thông báo không tồn tại',
    serverError: 'Lỗi máy chủ, vui lòng thử lại sau',
  },
  id: {
    success: 'berhasil',
    invalidInput: 'Masukan tidak valid',
    notFound: 'Tidak ditemukan',
    announcementNotFound: 'Pengumuman tidak ada',
    serverError: 'Kesalahan server, silakan coba lagi nanti',
  },
}

/** The message `key` in `locale`. */
export function serverMessage(locale: Locale, key: ServerMessageKey): string {
  return MESSAGES[locale][key]
}
