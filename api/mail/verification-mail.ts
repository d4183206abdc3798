import type { Mail } from './mailer.js';

const TEXT = {
  en: {
    subject: 'Confirm your e-mail address for DocuFlow',
    intro: 'Open this link to confirm your address and receive your free trial:',
    expiry: 'The link works for 48 hours. If you did not create a DocuFlow account, ignore this mail.',
  },
  zh: {
    subject: '请确认您的 DocuFlow 邮箱地址',
    intro: '请打开以下链接确认邮箱地址并领取免费试用：',
    expiry: '链接 48 小时内有效。如果您没有注册 DocuFlow 账户，请忽略此邮件。',
  },
} as const;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The verification mail, in the language the user registered in. */
export function verificationMail(to: string, link: string, lang: 'en' | 'zh'): Mail {
  const t = TEXT[lang];
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${link}\n\n${t.expiry}\n`,
    html: `<p>${escape(t.intro)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>${escape(t.expiry)}</p>`,
  };
}
