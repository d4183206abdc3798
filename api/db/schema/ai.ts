/** The QA bot's tables (migrations/20261124T091000Z-qa-bots.ts). */
export interface QaBotsTable {
  id: string;
  owner_id: string;
  name: string;
  public_key: string;
  threshold_milli: number;
  /** JSON: string[][] */
  synonyms: string;
  pairs: number;
  version: number;
  created_at: number;
  updated_at: number;
  /** Charged public answers per UTC day; null: no cap (contracts QA_PUBLIC_DAILY_CAP_DEFAULT). */
  public_daily_cap: number | null;
  /** JSON written by the semantic ranking once the bot's texts are embedded; null until then. */
  calibration: string | null;
}

export interface QaPairsTable {
  id: string;
  bot_id: string;
  position: number;
  question: string;
  /** JSON: string[] */
  alternatives: string;
  answer: string;
}

export interface QaQuestionsTable {
  id: string;
  bot_id: string;
  question: string;
  decision: 'answer' | 'suggest' | 'handoff';
  pair_id: string | null;
  confidence_milli: number;
  source: 'public' | 'owner';
  created_at: number;
}

export interface QaSuggestionsTable {
  id: string;
  bot_id: string;
  norm: string;
  question: string;
  count: number;
  status: 'open' | 'accepted' | 'dismissed';
  created_at: number;
  last_at: number;
}

export interface QaHandoffsTable {
  id: string;
  bot_id: string;
  question: string;
  email: string | null;
  token_hash: string;
  status: 'open' | 'replied';
  created_at: number;
  updated_at: number;
}

export interface QaHandoffMessagesTable {
  id: string;
  handoff_id: string;
  author: 'visitor' | 'owner';
  body: string;
  created_at: number;
}

/** One bot's public spend on one UTC day (YYYY-MM-DD). */
export interface QaSpendDaysTable {
  bot_id: string;
  day: string;
  charged: number;
  capped: number;
  cached: number;
}

/** A visitor's recent answer, served again without charge while it lives and the bot's version holds. */
export interface QaAnswerCacheTable {
  key: string;
  bot_id: string;
  version: number;
  /** JSON: QaAnswer */
  answer: string;
  expires_at: number;
}

/** A sentence vector of a QA text (migrations/20261129T090000Z-qa-text-vectors.ts), shared by every bot with that text. */
export interface QaTextVectorsTable {
  /** api/ai/embeddings EMBEDDING_MODEL */
  model: string;
  /** sha256 hex of the text */
  hash: string;
  /** Little-endian float32s. */
  vector: Buffer;
}
