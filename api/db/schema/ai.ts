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
