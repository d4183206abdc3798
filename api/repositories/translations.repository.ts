import type { Selectable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { TranslationPagesTable } from '../db/schema.js';

export type TranslationPageRow = Selectable<TranslationPagesTable>;

/** Cached translations of the given source hashes for one language pair: hash → translation. */
export async function findTranslations(db: DbOrTx, from: string, to: string, hashes: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // Chunked: SQLite allows a bounded number of bound parameters per statement.
  for (let i = 0; i < hashes.length; i += 500) {
    const rows = await db
      .selectFrom('translations')
      .select(['src_hash', 'translation'])
      .where('src_lang', '=', from)
      .where('dst_lang', '=', to)
      .where('src_hash', 'in', hashes.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.src_hash, r.translation);
  }
  return out;
}

/** Stores translations; a hash already cached (by a concurrent request) keeps its first translation. */
export async function insertTranslations(db: DbOrTx, from: string, to: string, rows: readonly { hash: string; translation: string }[], now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200).map((r) => ({ src_lang: from, dst_lang: to, src_hash: r.hash, translation: r.translation, created_at: now }));
    await db
      .insertInto('translations')
      .values(values)
      .onConflict((oc) => oc.columns(['src_lang', 'dst_lang', 'src_hash']).doNothing())
      .execute();
  }
}

export function findTranslationPage(db: DbOrTx, userId: string, pageKey: string): Promise<TranslationPageRow | undefined> {
  return db.selectFrom('translation_pages').selectAll().where('user_id', '=', userId).where('page_key', '=', pageKey).executeTakeFirst();
}

/** Records a newly charged page; false when a concurrent request recorded it first. */
export async function insertTranslationPage(db: DbOrTx, row: TranslationPageRow): Promise<boolean> {
  const res = await db
    .insertInto('translation_pages')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'page_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves a page to a new use (charged again past its allowance) or adds characters under its current one. */
export async function updateTranslationPage(db: DbOrTx, userId: string, pageKey: string, change: { use_id?: string; chars: number }): Promise<void> {
  await db.updateTable('translation_pages').set(change).where('user_id', '=', userId).where('page_key', '=', pageKey).execute();
}

/** Forgets a page whose charge was refunded, so the next attempt is charged again. */
export async function deleteTranslationPage(db: DbOrTx, userId: string, pageKey: string, useId: string): Promise<void> {
  await db.deleteFrom('translation_pages').where('user_id', '=', userId).where('page_key', '=', pageKey).where('use_id', '=', useId).execute();
}
