import { convertPath, PATHS, pdfToolPath } from '../../lib/paths';
import { CONVERSIONS, PDF_TOOL_ENTRIES, VIDEO_PANELS, type Conversion } from '../../lib/site-map';

/** Everything the Ctrl+K search can reach: every conversion, tool and page. */
export type SearchGroup = 'convert' | 'tools' | 'pages';

export interface SearchEntry {
  id: string;
  path: string;
  group: SearchGroup;
  /** i18n key of the label, or a conversion to compose one from. */
  labelKey?: string;
  conversion?: Conversion;
  /** Extra words that should find this entry in any language (file extensions, synonyms). */
  keywords: string;
}

const page = (id: string, path: string, labelKey: string, keywords = ''): SearchEntry => ({
  id,
  path,
  group: 'pages',
  labelKey,
  keywords,
});
const tool = (id: string, path: string, labelKey: string, keywords = ''): SearchEntry => ({
  id,
  path,
  group: 'tools',
  labelKey,
  keywords,
});

export const SEARCH_ENTRIES: readonly SearchEntry[] = [
  ...CONVERSIONS.map((c) => ({
    id: c.key,
    path: convertPath(c.key),
    group: 'convert' as const,
    conversion: c,
    keywords: `${c.key} ${c.from} ${c.to} convert`,
  })),
  ...PDF_TOOL_ENTRIES.map((p) => tool(p.key, pdfToolPath(p.key), `nav.pdfToolNames.${p.id}`, p.keywords)),
  tool('convert-intro', PATHS.convertIntro, 'nav.convertIntro', 'converter document batch'),
  tool('image-tools', PATHS.imageTools, 'nav.imageTools', 'image crop watermark resize rename jpg png webp'),
  tool('video-tools', PATHS.videoTools, 'nav.videoTools', 'video'),
  ...VIDEO_PANELS.map((p) => tool(`video-${p.id}`, p.path, `nav.videoPanels.${p.id}`, `video ${p.id}`)),
  tool('qa-bot', PATHS.qaBot, 'nav.aiItems.qaBot.title', 'ai bot chatbot customer service support faq qa question answer 客服 机器人 问答'),
  tool('reader', PATHS.reader, 'nav.aiItems.reader.title', 'ai reader reading pdf web page translate translation dictionary gloss summary ocr 阅读 翻译 词典 摘要'),
  tool('youtube', PATHS.youtube, 'nav.youtube', 'youtube video download'),
  tool('youtube-intro', PATHS.youtubeIntro, 'nav.youtubeIntro', 'youtube guide'),
  page('home', PATHS.home, 'nav.home', 'start'),
  page('pricing', PATHS.pricing, 'nav.pricing', 'price plan bundle buy membership trial'),
  page('about', PATHS.about, 'nav.about', 'company team'),
  page('contact', PATHS.contact, 'nav.contact', 'email support help'),
  page('terms', PATHS.terms, 'nav.terms', 'privacy policy legal refund'),
  page('login', PATHS.login, 'nav.login', 'sign in'),
  page('register', PATHS.register, 'nav.register', 'sign up account'),
];
