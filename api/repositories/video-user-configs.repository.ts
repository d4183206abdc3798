import type { Selectable, Updateable } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { VideoUserConfigsTable } from '../db/schema.js';

export type VideoUserConfigRow = Selectable<VideoUserConfigsTable>;

export function findVideoUserConfig(db: DbOrTx, userId: string): Promise<VideoUserConfigRow | undefined> {
  return db.selectFrom('video_user_configs').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates the user's row on first use, or changes it. */
export async function upsertVideoUserConfig(db: DbOrTx, userId: string, change: Updateable<VideoUserConfigsTable> & { updated_at: number }): Promise<void> {
  await db
    .insertInto('video_user_configs')
    .values({ user_id: userId, base_path: null, download_item_id: null, download_progress_milli: null, ...change })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(change))
    .execute();
}
