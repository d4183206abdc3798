/** The widget's few strings (it must stay tiny: no i18next). */
export const STRINGS = {
  en: {
    open: 'Open help chat',
    close: 'Close help chat',
    title: 'Ask us',
    placeholder: 'Type your question',
    email: 'Email (optional, for a reply)',
    send: 'Send',
    source: 'From: ',
    didYouMean: 'Did you mean:',
    handoff: 'I could not find an answer, so I passed your question to a person. Their reply will appear here.',
    reply: 'Reply from our team:',
    busy: 'Too many questions right now. Please wait a minute.',
    failed: 'Sorry, something went wrong. Please try again.',
    greeting: 'Hello! Ask a question and I will answer from our help centre.',
  },
  zh: {
    open: '打开在线客服',
    close: '关闭在线客服',
    title: '在线咨询',
    placeholder: '请输入你的问题',
    email: '邮箱（选填，方便回复你）',
    send: '发送',
    source: '出自：',
    didYouMean: '你是不是想问：',
    handoff: '暂时没有找到答案，已将你的问题转给人工客服，回复会显示在这里。',
    reply: '客服回复：',
    busy: '提问太频繁了，请稍等一分钟。',
    failed: '抱歉，出了点问题，请重试。',
    greeting: '你好！有什么问题尽管问，我会根据帮助中心为你解答。',
  },
} as const;

export type WidgetLang = keyof typeof STRINGS;
export type WidgetStrings = (typeof STRINGS)[WidgetLang];

/** `data-lang` first, then the host page's `lang`; Chinese for any zh-*, English otherwise. */
export function widgetLang(dataLang: string | null | undefined, pageLang: string | null | undefined): WidgetLang {
  const lang = (dataLang || pageLang || '').toLowerCase();
  return lang.startsWith('zh') ? 'zh' : 'en';
}
