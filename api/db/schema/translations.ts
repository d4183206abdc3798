/** A paragraph translated by the model, shared by every user (migrations/20261124T092000Z-translations.ts). */
export interface TranslationsTable {
  src_lang: string;
  dst_lang: string;
  /** sha256 hex of the prompt version and the source text. */
  src_hash: string;
  translation: string;
  created_at: number;
}

/** A page a user was charged for; further translations of it are free up to its character allowance. */
export interface TranslationPagesTable {
  user_id: string;
  page_key: string;
  use_id: string;
  chars: number;
  created_at: number;
}
