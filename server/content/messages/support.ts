/** Server messages of the support module (feedback, help, about, operator content), in the ten interface languages. */
import type { MessageTable } from './table'

export const SUPPORT_MESSAGES = {
  en: {
    feedbackNotFound: 'Feedback not found',
    feedbackTooMany: 'You have sent a lot of feedback in the last hour. Please try again later.',
    helpNotFound: 'Help article not found',
    pageNotFound: 'This page has no content yet',
    settingRejected: 'This value is not allowed for the setting',
  },
  'zh-CN': {
    feedbackNotFound: '反馈不存在',
    feedbackTooMany: '您在过去一小时内提交的反馈较多，请稍后再试。',
    helpNotFound: '帮助文章不存在',
    pageNotFound: '该页面暂无内容',
    settingRejected: '该设置不允许此值',
  },
  'zh-TW': {
    feedbackNotFound: '意見回饋不存在',
    feedbackTooMany: '您在過去一小時內提交的意見回饋較多，請稍後再試。',
    helpNotFound: '說明文章不存在',
    pageNotFound: '此頁面尚無內容',
    settingRejected: '此設定不接受這個值',
  },
  es: {
    feedbackNotFound: 'No se encontró la sugerencia',
    feedbackTooMany: 'Has enviado muchas sugerencias en la última hora. Inténtalo de nuevo más tarde.',
    helpNotFound: 'No se encontró el artículo de ayuda',
    pageNotFound: 'Esta página aún no tiene contenido',
    settingRejected: 'Este valor no está permitido para el ajuste',
  },
  hi: {
    feedbackNotFound: 'फ़ीडबैक नहीं मिला',
    feedbackTooMany: 'आपने पिछले एक घंटे में बहुत अधिक फ़ीडबैक भेजा है। कृपया बाद में फिर से प्रयास करें।',
    helpNotFound: 'सहायता लेख नहीं मिला',
    pageNotFound: 'इस पेज पर अभी कोई सामग्री नहीं है',
    settingRejected: 'इस सेटिंग के लिए यह मान अनुमत नहीं है',
  },
  ko: {
    feedbackNotFound: '피드백을 찾을 수 없습니다',
    feedbackTooMany: '최근 1시간 동안 피드백을 너무 많이 보냈습니다. 잠시 후 다시 시도해 주세요.',
    helpNotFound: '도움말 문서를 찾을 수 없습니다',
    pageNotFound: '이 페이지에는 아직 내용이 없습니다',
    settingRejected: '이 설정에 허용되지 않는 값입니다',
  },
  ja: {
    feedbackNotFound: 'フィードバックが見つかりません',
    feedbackTooMany: '直近1時間のフィードバック送信数が上限に達しました。しばらくしてから再度お試しください。',
    helpNotFound: 'ヘルプ記事が見つかりません',
    pageNotFound: 'このページにはまだ内容がありません',
    settingRejected: 'この設定には使用できない値です',
  },
  pt: {
    feedbackNotFound: 'Feedback não encontrado',
    feedbackTooMany: 'Você enviou muitos feedbacks na última hora. Tente novamente mais tarde.',
    helpNotFound: 'Artigo de ajuda não encontrado',
    pageNotFound: 'Esta página ainda não tem conteúdo',
    settingRejected: 'Este valor não é permitido para a configuração',
  },
  vi: {
    feedbackNotFound: 'Không tìm thấy phản hồi',
    feedbackTooMany: 'Bạn đã gửi quá nhiều phản hồi trong một giờ qua. Vui lòng thử lại sau.',
    helpNotFound: 'Không tìm thấy bài viết trợ giúp',
    pageNotFound: 'Trang này chưa có nội dung',
    settingRejected: 'Giá trị này không được phép cho cài đặt',
  },
  id: {
    feedbackNotFound: 'Masukan tidak ditemukan',
    feedbackTooMany: 'Anda telah mengirim banyak masukan dalam satu jam terakhir. Silakan coba lagi nanti.',
    helpNotFound: 'Artikel bantuan tidak ditemukan',
    pageNotFound: 'Halaman ini belum memiliki konten',
    settingRejected: 'Nilai ini tidak diizinkan untuk pengaturan tersebut',
  },
} satisfies MessageTable
