/** Site paths used by links across features. */
export const PATHS = {
  home: '/',
  pricing: '/pricing',
  convertIntro: '/products/convert/introduce',
  imageTools: '/products/imageTools',
  videoTools: '/products/videoTools',
  youtube: '/products/youtube',
  youtubeIntro: '/products/youtube/introduce',
  /** The AI customer-service bot (issue 12): my bots; one bot is /products/qaBot/{botId}. */
  qaBot: '/products/qaBot',
  /** The AI reading assistant (issue 12): PDFs and web pages, glosses, translation. */
  reader: '/products/reader',
  /** Web process automation (issue 14): flows, the recorder, runs and schedules. */
  automation: '/products/automation',
  terms: '/terms',
  about: '/about',
  contact: '/contact',
  login: '/login',
  register: '/register',
} as const;

/** The page of one conversion card, e.g. /products/convert/word-to-pdf. */
export const convertPath = (key: string) => `/products/convert/${key}`;

/** The page of one PDF tool, e.g. /products/pdf/pdf-merge. */
export const pdfToolPath = (key: string) => `/products/pdf/${key}`;

/**
 * The pricing page; with a conversion type (a card key), it highlights a bundle that includes it
 * (gating by package, docs/package-gating.md).
 */
export const pricingPath = (convertType?: string) => (convertType ? `${PATHS.pricing}?convertType=${encodeURIComponent(convertType)}` : PATHS.pricing);
