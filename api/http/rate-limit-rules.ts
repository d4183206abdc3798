/** At most `points` requests per `durationS` seconds for one key (a fixed window from the first request). */
export interface RateRule {
  points: number;
  durationS: number;
}

/** Every request rate limit of the API, by what it protects; `AppConfig.rateLimits` (tests lower them). */
export interface RateLimits {
  /** POST /user/register: accounts are what trial abuse is made of. */
  registerPerAddress: RateRule;
  /** The same, per IPv4 /24 or IPv6 /64: one host rarely owns just one address. */
  registerPerNetwork: RateRule;
  /** GET /account/check: the register form checks on blur; more is enumeration of user ids. */
  accountCheckPerAddress: RateRule;
  /** POST /user/verify/resend: each one sends a mail. */
  verifyMailPerUser: RateRule;
  /** GET /user/verify: tokens are 256-bit, but guessing should still be slow. */
  verifyPerAddress: RateRule;
  /** POST /document/submit: each upload writes to disk. */
  uploadPerUser: RateRule;
  /** POST /document/convert: each one spends quota and (server) a LibreOffice slot. */
  convertPerUser: RateRule;
  convertPerAddress: RateRule;
  /** POST /order/create and POST /payment/create: each payment opens a checkout with the provider. */
  orderPerUser: RateRule;
  paymentPerUser: RateRule;
  /** Feedback submission (for the feedback routes, when they land). */
  feedbackPerUser: RateRule;
  /** POST /ai/read/url: each one makes the server fetch a page from the internet. */
  readUrlPerUser: RateRule;
  /** POST /ai/translate: each one may call the model (quota counts pages; this bounds the calls). */
  translatePerUser: RateRule;
  /** POST /ai/qa/bots/:botId/documents: each import inflates an archive and parses it in an engine thread. */
  qaImportPerUser: RateRule;
  /** POST /ai/qa/public/:key/ask and /handoff: anyone on the internet, through a bot's widget. */
  qaAskPerAddress: RateRule;
  /** The same per IPv4 /24 or IPv6 /64, as registration: one host owns a whole /64. */
  qaAskPerNetwork: RateRule;
  /** The same per bot: one bot's owner pays for its answers, so a flood from many addresses is capped too. */
  qaAskPerBot: RateRule;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Chosen so that a person using the site never meets them (the convert page starts at most one
 * batch at a time, the register form checks a user id once per blur, a checkout is opened a few
 * times per purchase), while a script is slowed to a trickle. Registration is the strictest
 * because every account used to mean a new trial; 50 a day per network still lets a school or an
 * office behind one /24 sign up together.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  registerPerAddress: { points: 10, durationS: HOUR },
  registerPerNetwork: { points: 50, durationS: DAY },
  accountCheckPerAddress: { points: 60, durationS: MINUTE },
  verifyMailPerUser: { points: 3, durationS: HOUR },
  verifyPerAddress: { points: 30, durationS: HOUR },
  uploadPerUser: { points: 30, durationS: MINUTE },
  convertPerUser: { points: 60, durationS: MINUTE },
  convertPerAddress: { points: 120, durationS: MINUTE },
  orderPerUser: { points: 20, durationS: HOUR },
  paymentPerUser: { points: 20, durationS: HOUR },
  feedbackPerUser: { points: 10, durationS: HOUR },
  readUrlPerUser: { points: 30, durationS: MINUTE },
  translatePerUser: { points: 120, durationS: MINUTE },
  qaImportPerUser: { points: 10, durationS: MINUTE },
  qaAskPerAddress: { points: 20, durationS: MINUTE },
  qaAskPerNetwork: { points: 60, durationS: MINUTE },
  qaAskPerBot: { points: 600, durationS: MINUTE },
};
